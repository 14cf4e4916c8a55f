// Announcement/Publish: a new notice for its audience; it shows in the app at its start time.
import type { RequestOf } from '@ess/contract';
import type { announcementsRoutes } from '@ess/contract/announcements';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export type AnnouncementDraftInput = RequestOf<typeof announcementsRoutes.publishAnnouncement>;

export const usePublishAnnouncement = () =>
  useConsoleMutation({
    call: ({ draft, idempotencyKey }: { draft: AnnouncementDraftInput; idempotencyKey: string }) =>
      callApiEnvelope('publishAnnouncement', draft, { idempotencyKey }),
    invalidates: [queryKeys.console.announcements],
  });
