// Choosing a file for an upload: 拍照 and 从相册选择 side by side, because Android's in-app browsers ignore
// `capture` and would otherwise offer only one of the two. Each is a real button; the file inputs behind them
// are hidden from the keyboard and screen readers (the buttons stand for them).
import { Button } from 'antd-mobile';
import { CameraOutline, PictureOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useRef } from 'react';
import { t } from '../../i18n/zh-CN';

export type Accepts = 'image' | 'image-or-pdf';

type PickFileButtonsProps = {
  /** What is picked (身份证正面照片…): part of each button's name. */
  label: string;
  accepts: Accepts;
  /** The camera a phone opens first: the front one for a face, the back one for a document. */
  camera?: 'user' | 'environment';
  onPick: (file: File) => void;
  isDisabled?: boolean;
};

export const PickFileButtons = ({
  label,
  accepts,
  camera = 'environment',
  onPick,
  isDisabled = false,
}: PickFileButtonsProps) => {
  const cameraInput = useRef<HTMLInputElement>(null);
  const albumInput = useRef<HTMLInputElement>(null);
  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so that picking the same file again is a change too.
    event.target.value = '';
    if (file) onPick(file);
  };
  const albumText = accepts === 'image' ? t.upload.album : t.upload.fileOrAlbum;
  return (
    <div className="pick-file-buttons">
      <Button
        size="small"
        color="primary"
        fill="outline"
        disabled={isDisabled}
        aria-label={t.upload.cameraFor(label)}
        onClick={() => cameraInput.current?.click()}
      >
        <CameraOutline aria-hidden="true" /> {t.upload.camera}
      </Button>
      <Button
        size="small"
        color="primary"
        fill="outline"
        disabled={isDisabled}
        aria-label={`${albumText}：${label}`}
        onClick={() => albumInput.current?.click()}
      >
        <PictureOutline aria-hidden="true" /> {albumText}
      </Button>
      <input
        ref={cameraInput}
        className="visually-hidden"
        type="file"
        accept="image/*"
        capture={camera}
        tabIndex={-1}
        aria-hidden="true"
        onChange={take}
      />
      <input
        ref={albumInput}
        className="visually-hidden"
        type="file"
        accept={accepts === 'image' ? 'image/*' : 'image/*,application/pdf'}
        tabIndex={-1}
        aria-hidden="true"
        onChange={take}
      />
    </div>
  );
};
