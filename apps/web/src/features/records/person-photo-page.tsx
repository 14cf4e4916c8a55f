// /system-setting/person-photo: the face photo of the attendance system, for the plants whose attendance takes it
// (NT, GT, HZ, NY; the others read a note). The employee first agrees to the use of the face image, then takes a
// photo or picks one (both offered: Android's in-app browsers ignore `capture`), sees it compressed on the phone,
// confirms that it overwrites what the attendance system holds, and it is uploaded (PHOTO-Mobile) and sent
// (Home/UpdateAttPhoto, with an idempotency key).
import { hasAttendancePhoto } from '@ess/contract/plants';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { AgreementSheet } from '../../components/agreement-sheet';
import { reportUploadError, reportUploadFailure } from '../../components/upload/file-uploader';
import { PickFileButtons } from '../../components/upload/pick-file-buttons';
import { t } from '../../i18n/zh-CN';
import { confirmAction } from '../../lib/confirm-action';
import { useSignedInUser } from '../../lib/current-user';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { compressImage } from '../../lib/image-files';
import { showToast } from '../../lib/toast';
import { MAX_UPLOAD_BYTES, uploadFile } from '../../lib/upload-file';
import { useUpdateAttPhoto } from './api/update-att-photo';
import './records.css';

const photo = t.records.photo;

type Photo = { blob: Blob; name: string; previewUrl: string; uploadedPath?: string };

const PhotoUpdater = () => {
  const [isAgreed, setAgreed] = useState(false);
  const [isAgreementOpen, setAgreementOpen] = useState(false);
  const [picked, setPicked] = useState<Photo>();
  const [isPreparing, setPreparing] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const updatePhoto = useUpdateAttPhoto();
  const idempotency = useIdempotencyKey();
  const isSending = isUploading || updatePhoto.isPending;

  const previewUrl = picked?.previewUrl;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const pick = async (file: File) => {
    if (!file.type.startsWith('image/') && file.type !== '') {
      reportUploadFailure(t.upload.imageOnly);
      return;
    }
    setPreparing(true);
    try {
      const ready = await compressImage(file);
      if (ready.blob.size > MAX_UPLOAD_BYTES) {
        reportUploadFailure(t.upload.tooLarge);
        return;
      }
      setPicked({ ...ready, previewUrl: URL.createObjectURL(ready.blob) });
    } finally {
      setPreparing(false);
    }
  };

  const send = async () => {
    if (!picked || isSending) return;
    const isConfirmed = await confirmAction({
      name: photo.overwriteTitle,
      title: photo.overwriteTitle,
      content: photo.overwriteConfirm,
    });
    if (!isConfirmed) return;
    let filePath = picked.uploadedPath;
    if (!filePath) {
      setUploading(true);
      try {
        filePath = await uploadFile({ upType: 'PHOTO-Mobile', file: picked.blob, fileName: picked.name });
        setPicked({ ...picked, uploadedPath: filePath });
      } catch (error) {
        reportUploadError(error);
        return;
      } finally {
        setUploading(false);
      }
    }
    updatePhoto.mutate(
      { filePath, idempotencyKey: idempotency.key },
      {
        onSuccess: (msg) => {
          idempotency.renew();
          void showToast({ content: msg || photo.success, kind: 'success' });
          setPicked(undefined);
        },
      },
    );
  };

  return (
    <div className="records-page person-photo">
      <section className="records-section person-photo-intro">
        <p>{photo.intro}</p>
        <ul>
          {photo.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
      {picked ? (
        <section className="records-section person-photo-preview">
          <img src={picked.previewUrl} alt={photo.previewAlt} />
          <div className="records-actions-inline">
            <Button fill="outline" disabled={isSending} onClick={() => setPicked(undefined)}>
              {photo.reselect}
            </Button>
            <Button color="primary" loading={isSending} onClick={() => void send()}>
              {photo.upload}
            </Button>
          </div>
        </section>
      ) : isPreparing ? (
        <p className="person-photo-busy" role="status">
          {photo.preparing}
          <DotLoading />
        </p>
      ) : isAgreed ? (
        <section className="records-section person-photo-pick">
          <PickFileButtons label={photo.label} accepts="image" camera="user" onPick={(file) => void pick(file)} />
        </section>
      ) : (
        <Button block color="primary" aria-haspopup="dialog" onClick={() => setAgreementOpen(true)}>
          {photo.start}
        </Button>
      )}
      <AgreementSheet
        visible={isAgreementOpen}
        title={photo.agreementTitle}
        agreeText={photo.agree}
        confirmText={photo.agreeConfirm}
        onConfirm={() => {
          setAgreed(true);
          setAgreementOpen(false);
        }}
        onClose={() => setAgreementOpen(false)}
      >
        {photo.agreementParagraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </AgreementSheet>
    </div>
  );
};

const PersonPhotoPage = () => {
  const { profile } = useSignedInUser();
  if (!hasAttendancePhoto(profile.baseBu)) {
    return <ErrorBlock className="query-empty" status="empty" title={photo.notOffered} description={null} />;
  }
  return <PhotoUpdater />;
};

export default PersonPhotoPage;
