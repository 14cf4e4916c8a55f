// /user/my-education (M01 个人信息): the base data and the education list as read; 修改 opens the edit mode, where
// the base data form and the education list are changed together and 保存 sends them for review after the
// electronic-signature agreement (ModifyNotice APP_EDIT_PERSON { base, educations }). While an edit waits, 修改 is
// off. The records come from the server; the screen keeps nothing of its own.
import type { CertificateRow, EmployeeInfo } from '@ess/contract/records';
import { changeBodies } from '@ess/contract/records';
import { Button, Form, PullToRefresh } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { AgreementSheet } from '../../components/agreement-sheet';
import { ErrorState, LoadingState } from '../../components/query-states';
import { t } from '../../i18n/zh-CN';
import { useSignedInUser } from '../../lib/current-user';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { showToast } from '../../lib/toast';
import { useEmployeeInfo } from './api/get-employee-info';
import { useDictionaryOptions } from './api/get-state-base-info';
import { useCertificates } from './api/get-title-cer-with-un-verify';
import { useSubmitChangeRequest } from './api/submit-change-request';
import { BaseInfoForm, type BaseValues } from './components/base-info-form';
import { BaseInfoView } from './components/base-info-view';
import { PendingChangeRequest } from './components/pending-change-request';
import { type Draft, draftOf, RecordListEditor } from './components/record-list-editor';
import { pullTexts } from './pull-texts';
import { EDUCATION, recordOfRow } from './record-kinds';
import { RecordsView } from './records-view';
import './records.css';
import { mayDiscard } from './may-discard';

const useBaseDictionaries = () => {
  const major = useDictionaryOptions('MAJOR');
  const card = useDictionaryOptions('CARD');
  const poli = useDictionaryOptions('POLI');
  const rel = useDictionaryOptions('REL');
  const fert = useDictionaryOptions('FERT');
  return { major, card, poli, rel, fert };
};
type Dictionaries = ReturnType<typeof useBaseDictionaries>;

/** The base data's dictionaries as the form (`options`) or the view (`nameOf`) takes them. */
const baseDictionaries = <Facet extends 'options' | 'nameOf'>(dictionaries: Dictionaries, facet: Facet) => ({
  card: dictionaries.card[facet],
  poli: dictionaries.poli[facet],
  rel: dictionaries.rel[facet],
  fert: dictionaries.fert[facet],
});

const EducationSection = ({ children }: { children: ReactNode }) => (
  <section className="records-section" aria-labelledby="education-section">
    <h2 className="records-section-title" id="education-section">
      {t.records.education.section}
    </h2>
    {children}
  </section>
);

/** The invalid field the form marked first, brought into view. */
const showFirstError = () =>
  window.requestAnimationFrame(() => {
    document.querySelector('.adm-form-item-has-error')?.scrollIntoView({ block: 'center' });
  });

type PersonEditorProps = {
  info: EmployeeInfo;
  educations: readonly CertificateRow[];
  dictionaries: Dictionaries;
  onClose: () => void;
};

const PersonEditor = ({ info, educations, dictionaries, onClose }: PersonEditorProps) => {
  const [form] = Form.useForm<BaseValues>();
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    educations.filter((row) => row.id !== undefined).map((row) => draftOf(recordOfRow(EDUCATION, row))),
  );
  const [isDraftChanged, setDraftChanged] = useState(false);
  const [isAgreementOpen, setAgreementOpen] = useState(false);
  const submit = useSubmitChangeRequest();
  const idempotency = useIdempotencyKey();

  const save = async () => {
    if (drafts.length === 0) {
      void showToast({ content: t.records.education.required, kind: 'fail' });
      return;
    }
    try {
      await form.validateFields();
    } catch {
      showFirstError();
      return;
    }
    setAgreementOpen(true);
  };

  const send = () => {
    if (submit.isPending) return;
    const values = form.getFieldsValue(true) as BaseValues;
    const body = changeBodies.APP_EDIT_PERSON.safeParse({
      // The contract drops 生育状况 of the unmarried.
      base: values,
      educations: drafts.map((draft) => draft.record),
    });
    if (!body.success) {
      setAgreementOpen(false);
      void showToast({ content: body.error.issues[0]?.message ?? t.records.fillComplete, kind: 'fail' });
      return;
    }
    submit.mutate(
      {
        kind: 'APP_EDIT_PERSON',
        body: body.data,
        title: t.records.education.noticeTitle,
        idempotencyKey: idempotency.key,
      },
      {
        onSuccess: (msg) => {
          idempotency.renew();
          void showToast({ content: msg, kind: 'success' });
          setAgreementOpen(false);
          onClose();
        },
        onError: () => setAgreementOpen(false),
      },
    );
  };

  const cancel = async () => {
    if (!(await mayDiscard(isDraftChanged || form.isFieldsTouched()))) return;
    onClose();
  };

  return (
    <div className="records-page">
      <p className="records-hint">{t.records.saveHint}</p>
      <BaseInfoForm form={form} info={info} dictionaries={baseDictionaries(dictionaries, 'options')} />
      <EducationSection>
        <RecordListEditor
          kind={EDUCATION}
          drafts={drafts}
          onChange={(next) => {
            setDrafts(next);
            setDraftChanged(true);
          }}
          majorOptions={dictionaries.major.options}
          majorName={dictionaries.major.nameOf}
        />
      </EducationSection>
      <div className="records-actions">
        <Button fill="outline" onClick={() => void cancel()} disabled={submit.isPending}>
          {t.records.cancel}
        </Button>
        <Button color="primary" onClick={() => void save()} loading={submit.isPending}>
          {t.records.save}
        </Button>
      </div>
      <AgreementSheet
        visible={isAgreementOpen}
        title={t.records.esign.title}
        agreeText={t.records.esign.agree}
        confirmText={t.records.esign.confirm}
        isConfirming={submit.isPending}
        onConfirm={send}
        onClose={() => setAgreementOpen(false)}
      >
        {t.records.esign.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </AgreementSheet>
    </div>
  );
};

const MyEducationPage = () => {
  const { profile } = useSignedInUser();
  const info = useEmployeeInfo(profile);
  const educations = useCertificates('CER01');
  const dictionaries = useBaseDictionaries();
  const [isEditing, setEditing] = useState(false);
  const isFailed = info.isError || educations.isError;

  useEffect(() => {
    // SPEC §8: a failed load says how to try again.
    if (isFailed) void showToast({ content: t.records.loadFailedPull, kind: 'warning' });
  }, [isFailed]);

  const refresh = () => Promise.all([info.refetch(), educations.refetch()]).then(() => undefined);

  if (info.isPending || educations.isPending) return <LoadingState lines={6} />;
  if (info.isError || educations.isError) {
    return (
      <PullToRefresh onRefresh={refresh} {...pullTexts}>
        <ErrorState
          error={info.error ?? educations.error}
          onRetry={() => void refresh()}
          isRetrying={info.isFetching || educations.isFetching}
        />
      </PullToRefresh>
    );
  }

  if (isEditing) {
    return (
      <PersonEditor
        info={info.data}
        educations={educations.data}
        dictionaries={dictionaries}
        onClose={() => setEditing(false)}
      />
    );
  }

  const pending = info.data.pendingChangeRequest;
  return (
    <PullToRefresh onRefresh={refresh} {...pullTexts}>
      <div className="records-page">
        {pending && <PendingChangeRequest kind={pending.kind} submittedAt={pending.submittedAt} showsSentValues />}
        <BaseInfoView info={info.data} nameOf={baseDictionaries(dictionaries, 'nameOf')} />
        <EducationSection>
          <RecordsView kind={EDUCATION} rows={educations.data} majorName={dictionaries.major.nameOf} />
        </EducationSection>
        <div className="records-actions">
          <Button block color="primary" onClick={() => setEditing(true)} disabled={pending !== null}>
            {t.records.edit}
          </Button>
        </div>
      </div>
    </PullToRefresh>
  );
};

export default MyEducationPage;
