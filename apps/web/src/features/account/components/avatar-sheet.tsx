// 修改头像: a picture taken or picked, its middle square made into a 256-pixel JPEG on the phone (upright, whatever
// the camera wrote), previewed round as the person center shows it, then saved.
import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { Sheet } from '../../../components/sheet';
import { PickFileButtons } from '../../../components/upload/pick-file-buttons';
import { t } from '../../../i18n/zh-CN';
import { useSignedInUser } from '../../../lib/current-user';
import { makeSquareAvatar } from '../../../lib/image-files';
import { showToast } from '../../../lib/toast';
import { useSaveAvatar } from '../api/save-image-from-base64';

const DEFAULT_AVATAR_URL = '/default-avatar.svg';

const AvatarEditor = ({ onSaved }: { onSaved: () => void }) => {
  const { profile } = useSignedInUser();
  const [image, setImage] = useState<string>();
  const [isPreparing, setPreparing] = useState(false);
  const save = useSaveAvatar();

  const pick = async (file: File) => {
    setPreparing(true);
    try {
      setImage(await makeSquareAvatar(file));
    } catch {
      void showToast({ content: t.avatar.unreadable, kind: 'fail' });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="avatar-editor">
      <p className="avatar-editor-hint">{t.avatar.hint}</p>
      <div className="avatar-editor-preview">
        <img
          src={image ?? profile.avatarUrl ?? DEFAULT_AVATAR_URL}
          alt={image ? t.avatar.preview : t.personCenter.avatar}
          className="avatar-editor-image"
        />
        {isPreparing && (
          <span role="status" className="avatar-editor-busy">
            {t.avatar.preparing}
            <DotLoading />
          </span>
        )}
      </div>
      <PickFileButtons
        label={t.avatar.label}
        accepts="image"
        camera="user"
        isDisabled={isPreparing || save.isPending}
        onPick={(file) => void pick(file)}
      />
      <Button
        block
        color="primary"
        size="large"
        disabled={!image}
        loading={save.isPending}
        onClick={() => {
          if (!image) return;
          save.mutate(image, {
            onSuccess: () => {
              void showToast({ content: t.avatar.success, kind: 'success' });
              onSaved();
            },
          });
        }}
      >
        {t.avatar.save}
      </Button>
    </div>
  );
};

export const AvatarSheet = ({ visible, onClose }: { visible: boolean; onClose: () => void }) => (
  <Sheet visible={visible} title={t.avatar.title} onClose={onClose}>
    {visible && <AvatarEditor onSaved={onClose} />}
  </Sheet>
);
