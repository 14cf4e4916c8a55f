// The record-list screens (/user/my-work, /user/title-evaluation, /user/skill-evaluation): the records as read,
// with 待审核 on those of an edit waiting for review; 修改 turns the list into a draft to add to, change and remove
// from, and 提交审核 sends it whole (ModifyNotice APP_EDIT_WORK / APP_EDIT_TITLE). While an edit waits, 修改 is off.
import { type ChangeKind, changeBodies } from '@ess/contract/records';
import { Button, PullToRefresh } from 'antd-mobile';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { showToast } from '../../lib/toast';
import { useCertificates } from './api/get-title-cer-with-un-verify';
import { useSubmitChangeRequest } from './api/submit-change-request';
import { PendingChangeRequest } from './components/pending-change-request';
import { type Draft, draftOf, RecordListEditor } from './components/record-list-editor';
import { pullTexts } from './pull-texts';
import { type RecordKind, type RecordValues, recordOfRow } from './record-kinds';
import { RecordsView } from './records-view';
import './records.css';
import { mayDiscard } from './may-discard';

type CertificateListPageProps = {
  kind: RecordKind;
  changeKind: Extract<ChangeKind, 'APP_EDIT_WORK' | 'APP_EDIT_TITLE'>;
  noticeTitle: string;
};

/** The change body of the list, checked by the contract (a record left out is to be removed). */
const bodyOf = (kind: RecordKind, changeKind: CertificateListPageProps['changeKind'], records: RecordValues[]) =>
  changeKind === 'APP_EDIT_WORK'
    ? changeBodies.APP_EDIT_WORK.safeParse({ records })
    : changeBodies.APP_EDIT_TITLE.safeParse({ cerType: kind.cerType, records });

export const CertificateListPage = ({ kind, changeKind, noticeTitle }: CertificateListPageProps) => {
  const rows = useCertificates(kind.cerType);
  /** The list being edited; undefined while reading. */
  const [drafts, setDrafts] = useState<Draft[]>();
  const [isChanged, setChanged] = useState(false);
  const submit = useSubmitChangeRequest();
  const idempotency = useIdempotencyKey();

  if (rows.isPending) return <LoadingState />;
  if (rows.isError) {
    return (
      <PullToRefresh onRefresh={() => rows.refetch().then(() => undefined)} {...pullTexts}>
        <ErrorState error={rows.error} onRetry={() => void rows.refetch()} isRetrying={rows.isFetching} />
      </PullToRefresh>
    );
  }
  const isPending = rows.data.some((row) => row.pendingAction);

  const startEditing = () => {
    setDrafts(rows.data.filter((row) => row.id !== undefined).map((row) => draftOf(recordOfRow(kind, row))));
    setChanged(false);
  };
  const cancel = async () => {
    if (!(await mayDiscard(isChanged))) return;
    setDrafts(undefined);
  };
  const send = () => {
    if (!drafts || submit.isPending) return;
    const body = bodyOf(
      kind,
      changeKind,
      drafts.map((draft) => draft.record),
    );
    if (!body.success) {
      void showToast({ content: body.error.issues[0]?.message ?? t.records.fillComplete, kind: 'fail' });
      return;
    }
    submit.mutate(
      { kind: changeKind, body: body.data, title: noticeTitle, idempotencyKey: idempotency.key },
      {
        onSuccess: (msg) => {
          idempotency.renew();
          void showToast({ content: msg, kind: 'success' });
          setDrafts(undefined);
        },
      },
    );
  };

  if (drafts) {
    return (
      <div className="records-page">
        <p className="records-hint">{t.records.editHint}</p>
        <RecordListEditor
          kind={kind}
          drafts={drafts}
          onChange={(next) => {
            setDrafts(next);
            setChanged(true);
          }}
        />
        <div className="records-actions">
          <Button fill="outline" onClick={() => void cancel()} disabled={submit.isPending}>
            {t.records.cancel}
          </Button>
          <Button color="primary" onClick={send} loading={submit.isPending}>
            {t.records.submit}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <PullToRefresh onRefresh={() => rows.refetch().then(() => undefined)} {...pullTexts}>
      <div className="records-page">
        {isPending && <PendingChangeRequest kind={changeKind} />}
        {rows.data.length === 0 ? (
          <EmptyState title={t.records.empty(kind.name)} />
        ) : (
          <RecordsView kind={kind} rows={rows.data} />
        )}
        <div className="records-actions">
          <Button block color="primary" onClick={startEditing} disabled={isPending}>
            {t.records.edit}
          </Button>
        </div>
      </div>
    </PullToRefresh>
  );
};
