// /user/announcement-detail?id=: one notice whole (HR's rich text, kept by the server's allow-list), its PDF
// attachment in the app's viewer, and 我已阅读 at the foot of a 须确认 notice until it is tapped.
import { Button, ErrorBlock } from 'antd-mobile';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { retryableLazy } from '../../lib/code-load';
import { useSignedInUser } from '../../lib/current-user';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { showToast } from '../../lib/toast';
import { useAcknowledgeAnnouncement } from './api/acknowledge-announcement';
import { useMyAnnouncement } from './api/get-my-announcement';
import './announcements.css';

// pdf.js only for the notices that carry a PDF, and only when it is opened.
const PdfViewer = retryableLazy(() => import('../../components/pdf-viewer'));

const Acknowledge = ({ id }: { id: number }) => {
  const acknowledge = useAcknowledgeAnnouncement();
  const { key, renew } = useIdempotencyKey();
  return (
    <div className="announcement-acknowledge">
      <p className="announcement-hint">{t.announcements.hint}</p>
      <Button
        block
        color="primary"
        size="large"
        loading={acknowledge.isPending}
        loadingText={t.announcements.acknowledging}
        onClick={() =>
          acknowledge.mutate(
            { id, idempotencyKey: key },
            {
              onSuccess: () => {
                renew();
                void showToast({ content: t.announcements.acknowledgedToast, kind: 'success' });
              },
            },
          )
        }
      >
        {t.announcements.acknowledge}
      </Button>
    </div>
  );
};

const AnnouncementDetail = ({ id }: { id: number }) => {
  const { profile } = useSignedInUser();
  const notice = useMyAnnouncement(id);
  const [isPdfOpen, setPdfOpen] = useState(false);
  if (notice.isPending) return <LoadingState />;
  if (notice.isError) return <ErrorState error={notice.error} onRetry={() => void notice.refetch()} />;
  const { data } = notice;
  return (
    <article className="announcement-detail">
      <h2 className="announcement-detail-title">{data.title}</h2>
      <p className="announcement-time">{data.publishedAt}</p>
      <div
        className="announcement-body"
        // The server keeps only its allow-list of tags (no script, no handler, pictures only from our files).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/rich-text.ts)
        dangerouslySetInnerHTML={{ __html: data.body }}
      />
      {data.attachmentUrl && (
        <div className="announcement-pdf">
          {isPdfOpen ? (
            <Suspense fallback={<LoadingState />}>
              <PdfViewer
                url={data.attachmentUrl}
                title={data.title}
                watermark={`${profile.userName} ${profile.userAccount}`}
              />
            </Suspense>
          ) : (
            <Button block fill="outline" onClick={() => setPdfOpen(true)}>
              {t.announcements.openAttachment}
            </Button>
          )}
        </div>
      )}
      {data.mustAcknowledge &&
        (data.isAcknowledged ? (
          <p className="announcement-acknowledged">{t.announcements.acknowledgedAt}</p>
        ) : (
          <Acknowledge id={data.id} />
        ))}
    </article>
  );
};

const AnnouncementDetailPage = () => {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <ErrorBlock status="empty" title={t.announcements.notFound} />;
  return <AnnouncementDetail id={id} />;
};

export default AnnouncementDetailPage;
