// The uploader of the public forms (a proposal's picture, a candidate's resume): one file, sent with
// upload/UploadPublicFile. The page cannot read an anonymous upload back, so the chosen file shows by its name.
import type { PublicUploadType } from '@ess/contract/files';
import { Button } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useRef, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { compressImage } from '../../lib/image-files';
import { showToast } from '../../lib/toast';
import { MAX_UPLOAD_BYTES, uploadPublicFile } from '../../lib/upload-file';
import { RemoveFileButton, reportUploadError, reportUploadFailure, UploadingStatus } from './file-uploader';
import { PickFileButtons } from './pick-file-buttons';
import './upload.css';

const DOCUMENT = /\.(docx?|pdf)$/i;
const DOCUMENT_TYPES =
  '.doc,.docx,.pdf,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type PublicFileUploaderProps = {
  id?: string;
  value?: string | null;
  onChange?: (path: string | undefined) => void;
  upType: PublicUploadType;
  label: string;
};

export const PublicFileUploader = ({ id, value, onChange, upType, label }: PublicFileUploaderProps) => {
  const [isUploading, setUploading] = useState(false);
  const [name, setName] = useState('');
  const documentInput = useRef<HTMLInputElement>(null);
  const isDocument = upType === 'RESUME';

  const upload = async (file: File) => {
    if (isDocument ? !DOCUMENT.test(file.name) : !file.type.startsWith('image/') && file.type !== '') {
      reportUploadFailure(isDocument ? t.upload.documentOnly : t.upload.imageOnly, { isDocument });
      return;
    }
    setUploading(true);
    try {
      const ready = isDocument ? { blob: file as Blob, name: file.name } : await compressImage(file);
      if (ready.blob.size > MAX_UPLOAD_BYTES) {
        reportUploadFailure(t.upload.tooLarge, { isDocument });
        return;
      }
      const path = await uploadPublicFile({ upType, file: ready.blob, fileName: ready.name });
      setName(file.name);
      onChange?.(path);
      void showToast({ content: t.upload.success, kind: 'success' });
    } catch (error) {
      reportUploadError(error, { isDocument });
    } finally {
      setUploading(false);
    }
  };

  const take = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload(file);
  };

  return (
    <fieldset id={id} aria-label={label} className="file-uploader">
      {value ? (
        <div className="file-uploader-item">
          <span className="public-file-name">
            <FileOutline aria-hidden="true" /> {name || t.upload.uploadedFile}
          </span>
          <RemoveFileButton
            label={label}
            onRemove={() => {
              setName('');
              onChange?.(undefined);
            }}
          />
        </div>
      ) : isUploading ? (
        <UploadingStatus />
      ) : isDocument ? (
        <>
          <Button size="small" color="primary" fill="outline" onClick={() => documentInput.current?.click()}>
            <FileOutline aria-hidden="true" /> {t.upload.chooseDocument}
          </Button>
          <input
            ref={documentInput}
            className="visually-hidden"
            type="file"
            accept={DOCUMENT_TYPES}
            tabIndex={-1}
            aria-hidden="true"
            data-testid={`${upType.toLowerCase()}-input`}
            onChange={take}
          />
        </>
      ) : (
        <PickFileButtons label={label} accepts="image" onPick={(file) => void upload(file)} />
      )}
    </fieldset>
  );
};
