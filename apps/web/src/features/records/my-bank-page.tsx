// /user/my-bank: the salary card as read (number masked), the card of an edit waiting for review with 待审核, and
// the edit: the card photo (upType CARD) and number required, the bank one of the plant's (the first the
// default), the address optional. A number failing the Luhn check is only questioned, never refused: some
// UnionPay cards do not follow it. 提交审核 sends ModifyNotice APP_EDIT_BANK { bank }.
import { BANK_FIELDS } from '@ess/contract/record-fields';
import type { BankCard } from '@ess/contract/records';
import { bankCardForm, changeBodies, isLuhnValid, MASKED_NUMBER } from '@ess/contract/records';
import { Button, Form, Input, PullToRefresh, Tag } from 'antd-mobile';
import { useState } from 'react';
import { contractRules } from '../../components/form/contract-rules';
import { PickerField } from '../../components/form/picker-field';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-states';
import { FilePreview } from '../../components/upload/file-preview';
import { FileUploader } from '../../components/upload/file-uploader';
import { t } from '../../i18n/zh-CN';
import { confirmAction } from '../../lib/confirm-action';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { showToast } from '../../lib/toast';
import { useBankCard } from './api/get-bank-card';
import { useSubmitChangeRequest } from './api/submit-change-request';
import { FieldList } from './components/field-list';
import { MaskedNumberInput } from './components/masked-number-input';
import { PendingChangeRequest } from './components/pending-change-request';
import { catalogueItemOf } from './field-label';
import { pullTexts } from './pull-texts';
import './records.css';
import { mayDiscard } from './may-discard';

const bank = t.records.bank;
const rulesOf = contractRules(bankCardForm);
const BankItem = catalogueItemOf(BANK_FIELDS, rulesOf);

type BankValues = { filePath?: string; bankNo?: string; bankName?: string; bankAddress?: string };

/** A whole number typed (not the masked one) that fails the Luhn check. */
export const isQuestionableBankNo = (value: string | undefined) => {
  const digits = (value ?? '').replace(/\s+/g, '');
  return /^\d{16,19}$/.test(digits) && !isLuhnValid(digits);
};

const CardDetails = ({ card, isPending }: { card: BankCard; isPending?: boolean }) => (
  <section className="records-section" aria-labelledby={isPending ? 'pending-card' : 'current-card'}>
    <div className="records-section-heading">
      <h2 className="records-section-title" id={isPending ? 'pending-card' : 'current-card'}>
        {isPending ? bank.pendingCard : bank.card}
      </h2>
      {isPending && <Tag color="warning">{t.records.pending}</Tag>}
    </div>
    <FieldList
      items={[
        { label: BANK_FIELDS.bankNo.label, value: card.bankNo },
        { label: BANK_FIELDS.bankName.label, value: card.bankName },
        { label: BANK_FIELDS.bankAddress.label, value: card.bankAddress },
        {
          label: BANK_FIELDS.filePath.label,
          value: card.filePath ? (
            <FilePreview
              path={card.filePath}
              label={isPending ? `${bank.pendingCard}${BANK_FIELDS.filePath.label}` : BANK_FIELDS.filePath.label}
            />
          ) : (
            ''
          ),
        },
      ]}
    />
  </section>
);

type BankEditorProps = { card: BankCard | null; bankOptions: readonly string[]; onClose: () => void };

const BankEditor = ({ card, bankOptions, onClose }: BankEditorProps) => {
  const [form] = Form.useForm<BankValues>();
  const bankNo = Form.useWatch('bankNo', form);
  const submit = useSubmitChangeRequest();
  const idempotency = useIdempotencyKey();
  const masked = card?.bankNo ?? '';
  const options = bankOptions.map((name) => ({ label: name, value: name }));
  const isQuestioned = isQuestionableBankNo(bankNo);

  const send = async () => {
    if (submit.isPending) return;
    let values: BankValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = changeBodies.APP_EDIT_BANK.safeParse({ bank: values });
    if (!body.success) {
      void showToast({ content: body.error.issues[0]?.message ?? t.records.fillComplete, kind: 'fail' });
      return;
    }
    // Some UnionPay cards do not follow the check: the employee decides, having been asked, not only shown a line.
    if (
      isQuestioned &&
      !(await confirmAction({
        name: bank.luhnConfirm.title,
        title: bank.luhnConfirm.title,
        content: bank.luhnWarning,
        confirmText: bank.luhnConfirm.send,
        cancelText: bank.luhnConfirm.check,
      }))
    ) {
      return;
    }
    submit.mutate(
      { kind: 'APP_EDIT_BANK', body: body.data, title: bank.noticeTitle, idempotencyKey: idempotency.key },
      {
        onSuccess: (msg) => {
          idempotency.renew();
          void showToast({ content: msg, kind: 'success' });
          onClose();
        },
      },
    );
  };

  const cancel = async () => {
    if (!(await mayDiscard(form.isFieldsTouched()))) return;
    onClose();
  };

  return (
    <div className="records-page">
      <p className="records-hint">{t.records.editHint}</p>
      <Form
        form={form}
        name="bank"
        layout="horizontal"
        mode="card"
        requiredMarkStyle="none"
        initialValues={{
          filePath: card?.filePath ?? undefined,
          bankNo: masked,
          bankName: card && bankOptions.includes(card.bankName) ? card.bankName : bankOptions[0],
          bankAddress: card?.bankAddress ?? '',
        }}
      >
        <BankItem name="filePath" layout="vertical">
          <FileUploader upType="CARD" label={BANK_FIELDS.filePath.label} />
        </BankItem>
        <BankItem
          name="bankNo"
          description={
            <span role="status" className={isQuestioned ? 'bank-no-warning' : undefined}>
              {isQuestioned ? bank.luhnWarning : masked && MASKED_NUMBER.test(bankNo ?? '') ? bank.bankNoHint : ''}
            </span>
          }
        >
          <MaskedNumberInput placeholder={bank.bankNoPlaceholder} inputMode="numeric" maxLength={23} />
        </BankItem>
        <BankItem name="bankName">
          <PickerField label={BANK_FIELDS.bankName.label} options={options} />
        </BankItem>
        <BankItem name="bankAddress">
          <Input maxLength={200} placeholder={bank.bankAddressPlaceholder} />
        </BankItem>
      </Form>
      <div className="records-actions">
        <Button fill="outline" onClick={() => void cancel()} disabled={submit.isPending}>
          {t.records.cancel}
        </Button>
        <Button color="primary" onClick={() => void send()} loading={submit.isPending}>
          {t.records.submit}
        </Button>
      </div>
    </div>
  );
};

const MyBankPage = () => {
  const answer = useBankCard();
  const [isEditing, setEditing] = useState(false);

  if (answer.isPending) return <LoadingState lines={4} blocks={1} />;
  if (answer.isError) {
    return (
      <PullToRefresh onRefresh={() => answer.refetch().then(() => undefined)} {...pullTexts}>
        <ErrorState error={answer.error} onRetry={() => void answer.refetch()} isRetrying={answer.isFetching} />
      </PullToRefresh>
    );
  }
  const { bankCard, bankOptions, pendingChangeRequest } = answer.data;
  if (isEditing) {
    return <BankEditor card={bankCard} bankOptions={bankOptions} onClose={() => setEditing(false)} />;
  }
  return (
    <PullToRefresh onRefresh={() => answer.refetch().then(() => undefined)} {...pullTexts}>
      <div className="records-page">
        {pendingChangeRequest && (
          <PendingChangeRequest kind={pendingChangeRequest.kind} submittedAt={pendingChangeRequest.submittedAt} />
        )}
        {pendingChangeRequest && <CardDetails card={pendingChangeRequest.bankCard} isPending />}
        {bankCard ? <CardDetails card={bankCard} /> : <EmptyState title={bank.empty} />}
        <div className="records-actions">
          <Button block color="primary" onClick={() => setEditing(true)} disabled={pendingChangeRequest !== null}>
            {t.records.edit}
          </Button>
        </div>
      </div>
    </PullToRefresh>
  );
};

export default MyBankPage;
