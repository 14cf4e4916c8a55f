// The uploader of every record form (one file each, SPEC §5): pick with the camera or from the album (PDFs too
// where the record takes them), pictures compressed on the phone first, then upload/UploadFileForMobile. The
// value is the uploaded file's address; 删除 empties it. Works as an antd-mobile Form.Item control.
import type { UploadType } from '@ess/contract/files';
import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { ApiError, describeError } from '../../lib/api-client';
import { compressImage } from '../../lib/image-files';
import { showToast } from '../../lib/toast';
import { MAX_UPLOAD_BYTES, uploadFile } from '../../lib/upload-file';
import { type FileKindHint, FilePreview } from './file-preview';
import { type Accepts, PickFileButtons } from './pick-file-buttons';
import './upload.css';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
/** Some Android WebViews give a camera's picture no type at all. */
const isImage = (file: File) => file.type.startsWith('image/') || (file.type === '' && !isPdf(file));

/**
 * SPEC §8: 上传图片失败,{msg} (the half-width comma as the spec writes it); a document (a résumé) says 上传文件失败，
 * as a picture it is not.
 */
export const reportUploadFailure = (message: string, { isDocument = false }: { isDocument?: boolean } = {}) =>
  void showToast({
    content: `${isDocument ? t.upload.fileFailedPrefix : t.upload.failedPrefix}${message}`,
    kind: 'fail',
  });

/** Network and HTTP failures were already told by the api client (请求服务器错误,请稍后重试): only the rest is told here. */
export const reportUploadError = (error: unknown, options?: { isDocument?: boolean }) => {
  if (!(error instanceof ApiError) || error.kind === 'business') reportUploadFailure(describeError(error), options);
};

/** 删除 beside an uploaded file, named for the file it removes. */
export const RemoveFileButton = ({ label, onRemove }: { label: string; onRemove: () => void }) => (
  <Button size="mini" color="danger" fill="none" aria-label={t.upload.removeFor(label)} onClick={onRemove}>
    {t.upload.remove}
  </Button>
);

export const UploadingStatus = () => (
  <span className="file-uploader-busy" role="status">
    {t.upload.uploading}
    <DotLoading />
  </span>
);

/** Compresses a picture, checks the size, uploads; answers the address, or undefined when it was told as failed. */
export const pickAndUpload = async ({
  file,
  upType,
  accepts,
}: {
  file: File;
  upType: UploadType;
  accepts: Accepts;
}): Promise<{ path: string; kind: FileKindHint } | undefined> => {
  const isPdfFile = accepts === 'image-or-pdf' && isPdf(file);
  if (!isPdfFile && !isImage(file)) {
    reportUploadFailure(accepts === 'image' ? t.upload.imageOnly : t.upload.imageOrPdfOnly);
    return undefined;
  }
  const ready = isPdfFile ? { blob: file as Blob, name: file.name } : await compressImage(file);
  if (ready.blob.size > MAX_UPLOAD_BYTES) {
    reportUploadFailure(t.upload.tooLarge);
    return undefined;
  }
  try {
    const path = await uploadFile({ upType, file: ready.blob, fileName: ready.name });
    return { path, kind: isPdfFile ? 'pdf' : 'image' };
  } catch (error) {
    reportUploadError(error);
    return undefined;
  }
};

type FileUploaderProps = {
  /** Given by Form.Item: its label points to this group. */
  id?: string;
  value?: string | null;
  onChange?: (path: string | undefined) => void;
  upType: UploadType;
  /** What the file is (身份证正面照片…): the group's name and part of its buttons'. */
  label: string;
  accepts?: Accepts;
  camera?: 'user' | 'environment';
  isDisabled?: boolean;
};

export const FileUploader = ({
  id,
  value,
  onChange,
  upType,
  label,
  accepts = 'image',
  camera,
  isDisabled = false,
}: FileUploaderProps) => {
  const [isUploading, setUploading] = useState(false);
  const [kind, setKind] = useState<FileKindHint>();

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await pickAndUpload({ file, upType, accepts });
      if (!uploaded) return;
      setKind(uploaded.kind);
      onChange?.(uploaded.path);
      void showToast({ content: t.upload.success, kind: 'success' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <fieldset id={id} aria-label={label} className="file-uploader">
      {value ? (
        <div className="file-uploader-item">
          <FilePreview key={value} path={value} label={label} kind={kind} />
          {!isDisabled && (
            <RemoveFileButton
              label={label}
              onRemove={() => {
                setKind(undefined);
                onChange?.(undefined);
              }}
            />
          )}
        </div>
      ) : isUploading ? (
        <UploadingStatus />
      ) : (
        <PickFileButtons
          label={label}
          accepts={accepts}
          camera={camera}
          isDisabled={isDisabled}
          onPick={(file) => void upload(file)}
        />
      )}
    </fieldset>
  );
};
