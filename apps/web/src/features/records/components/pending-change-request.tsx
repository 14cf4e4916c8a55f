// A record whose edit waits for review: the banner, what the employee sent (where the screen does not already show
// it among the records), and 撤回 while nobody has decided, so that a mistyped number need not wait for HR.
import type { ChangeKind } from '@ess/contract/records';
import { Button } from 'antd-mobile';
import { t } from '../../../i18n/zh-CN';
import { confirmAction } from '../../../lib/confirm-action';
import { showToast } from '../../../lib/toast';
import { useMyChangeRequest, useWithdrawChangeRequest } from '../api/my-change-request';
import { PendingNotice } from './pending-notice';

type Props = {
  kind: ChangeKind;
  submittedAt?: string;
  /** Lists the fields the edit changes, with the values sent (the base data: the screen shows today's values). */
  showsSentValues?: boolean;
};

export const PendingChangeRequest = ({ kind, submittedAt, showsSentValues = false }: Props) => {
  const change = useMyChangeRequest(kind);
  const withdraw = useWithdrawChangeRequest();
  const mine = change.data;
  // Each record the edit touches (基本信息, 新增学历 …) with the fields it changes; scans are not repeated here.
  const sentGroups = showsSentValues
    ? (mine?.groups ?? [])
        .map((group) => ({ ...group, fields: group.fields.filter((field) => field.isChanged && !field.isFile) }))
        .filter((group) => group.fields.length > 0)
    : [];

  const askToWithdraw = async () => {
    if (!mine) return;
    const isConfirmed = await confirmAction({
      name: t.records.withdraw.title,
      title: t.records.withdraw.title,
      content: t.records.withdraw.question,
      confirmText: t.records.withdraw.confirm,
    });
    if (!isConfirmed) return;
    const message = await withdraw.mutateAsync(mine.id).catch(() => undefined); // a refusal is toasted once
    if (message) void showToast({ content: message, kind: 'success' });
  };

  return (
    <section className="records-pending" aria-label={t.records.pendingTitle}>
      <PendingNotice submittedAt={submittedAt ?? mine?.submittedAt} />
      {sentGroups.length > 0 && (
        <div className="records-sent">
          <h2 className="records-sent-heading">{t.records.sentValues}</h2>
          {sentGroups.map((group) => (
            <dl className="records-sent-group" key={group.title} aria-label={group.title}>
              <div className="records-sent-group-title">{group.title}</div>
              {group.fields.map((field) => (
                <div className="records-sent-field" key={field.label}>
                  <dt>{field.label}</dt>
                  <dd>
                    {field.after ?? t.records.sentEmpty}
                    <span className="records-sent-tag">{t.records.pending}</span>
                  </dd>
                </div>
              ))}
            </dl>
          ))}
        </div>
      )}
      {mine && (
        <Button
          className="records-withdraw"
          size="small"
          fill="outline"
          color="danger"
          loading={withdraw.isPending}
          onClick={() => void askToWithdraw()}
        >
          {t.records.withdraw.button}
        </Button>
      )}
    </section>
  );
};
