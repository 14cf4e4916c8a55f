// SystemNotice/ModifyNotice with an APP_EDIT_* type: an edit of personal records sent to HR's review (the body as
// JSON text: a list is sent whole). Answers the server's msg (已提交审核,请勿重复提交), which the screen shows.
// Failures (a second edit while one waits, 资料没有变化，无需提交 …) are toasted once by the QueryClient.
import type { ChangeBody, ChangeKind } from '@ess/contract/records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../i18n/zh-CN';
import { callApiEnvelope } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ChangeRequestInput<K extends ChangeKind = ChangeKind> = {
  kind: K;
  body: ChangeBody<K>;
  /** The title reviewers and /user/my-option show (修改职称信息 …). */
  title: string;
  idempotencyKey: string;
};

export const submitChangeRequest = async ({ kind, body, title, idempotencyKey }: ChangeRequestInput) =>
  (
    await callApiEnvelope(
      'modifyNotice',
      {
        NoticeType: kind,
        NoticeTitle: title,
        NoticeDesc: t.records.noticeDescription(title),
        NoticeBody: JSON.stringify(body),
      },
      { idempotencyKey },
    )
  ).msg;

export const useSubmitChangeRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitChangeRequest,
    onSettled: () =>
      // A refusal (another edit waiting) also means the screen's picture of the records is out of date.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notices.person }),
      ]),
  });
};
