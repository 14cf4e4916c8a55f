// 新建题目 / 编辑题目: the type, the subject, the options with the right ones ticked (or 对/错, or each blank's
// answers), the marks, an explanation and 必答 — beside the phone showing the question as a worker will answer it.
// The contract's rules (questionDraft) are checked as HR types and again by the server.
import { countBlanks, SUBJECT_TYPES, type SubjectType } from '@ess/contract/paper-engine';
import {
  type BankQuestion,
  type CategoryRow,
  MAX_OPTIONS,
  OPTION_LETTERS,
  type QuestionDraft,
  questionDraft,
} from '@ess/contract/question-bank';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { ct } from '../../texts';
import { useSaveQuestion } from './api/questions';
import { QuestionPreview } from './question-preview';

const q = ct.questionBank;

type OptionState = { key: number; id?: number; content: string; isFill: boolean; isCorrect: boolean };
type EditorState = {
  categoryId?: number;
  subjectType: SubjectType;
  subject: string;
  options: OptionState[];
  judge: 'Y' | 'N' | null;
  /** Per blank, its accepted answers as typed: 1.4;1.5. */
  blanks: string[];
  score: number;
  explanation: string;
  isMust: boolean;
};

let optionKeys = 0;
const newOption = (content = ''): OptionState => ({ key: ++optionKeys, content, isFill: false, isCorrect: false });

const stateOf = (question: BankQuestion | undefined, categoryId: number | undefined): EditorState =>
  question
    ? {
        categoryId: question.categoryId,
        subjectType: question.subjectType,
        subject: question.subject,
        options: question.options.map((option) => ({ ...option, key: ++optionKeys })),
        judge: question.judge,
        blanks: question.blanks.map((accepted) => accepted.join(';')),
        score: question.score,
        explanation: question.explanation,
        isMust: question.isMust,
      }
    : {
        categoryId,
        subjectType: 'ST01',
        subject: '',
        options: [newOption(), newOption(), newOption(), newOption()],
        judge: null,
        blanks: [],
        score: 2,
        explanation: '',
        isMust: true,
      };

const isChoice = (type: SubjectType) => type === 'ST01' || type === 'ST02';

/** The draft the server takes: only the parts the type has; blanks all empty mean no key. */
const draftOf = (state: EditorState, id: number | undefined) => {
  const blanks = state.blanks.map((text) =>
    text
      .split(/[;；]/)
      .map((answer) => answer.trim())
      .filter(Boolean),
  );
  return {
    ...(id === undefined ? {} : { id }),
    categoryId: state.categoryId,
    subjectType: state.subjectType,
    subject: state.subject,
    options: isChoice(state.subjectType)
      ? state.options.map(({ id: optionId, content, isFill, isCorrect }) => ({
          ...(optionId === undefined ? {} : { id: optionId }),
          content,
          isFill,
          isCorrect,
        }))
      : [],
    judge: state.subjectType === 'ST03' ? state.judge : null,
    blanks: state.subjectType === 'ST04' && blanks.some((accepted) => accepted.length > 0) ? blanks : [],
    score: state.score,
    explanation: state.explanation,
    isMust: state.isMust,
  };
};

export const QuestionEditor = ({
  question,
  categories,
  defaultCategoryId,
  onClose,
}: {
  question?: BankQuestion;
  categories: readonly CategoryRow[];
  defaultCategoryId?: number;
  onClose: () => void;
}) => {
  const [state, setState] = useState(() => stateOf(question, defaultCategoryId));
  const [isTried, setTried] = useState(false);
  const save = useSaveQuestion();
  const { key, renew } = useIdempotencyKey();
  const set = (patch: Partial<EditorState>) => setState((current) => ({ ...current, ...patch }));
  const setOption = (index: number, patch: Partial<OptionState>) =>
    setState((current) => ({
      ...current,
      options: current.options.map((option, at) => {
        if (at === index) return { ...option, ...patch };
        // 单选题: ticking one right answer unticks the other.
        if (patch.isCorrect && current.subjectType === 'ST01') return { ...option, isCorrect: false };
        return option;
      }),
    }));
  const draft = draftOf(state, question?.id);
  const parsed = questionDraft.safeParse(draft);
  const problems = parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
  const blankCount = countBlanks(state.subject);

  const submit = () => {
    setTried(true);
    if (!parsed.success) return;
    save.mutate(
      { draft: parsed.data, idempotencyKey: key },
      {
        onSuccess: () => {
          renew();
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open
      width="min(1120px, 100vw)"
      title={question ? q.editorEdit : q.editorNew}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{ct.common.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {q.save}
          </Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col xs={24} lg={13}>
          <Form layout="vertical" component="div">
            <Form.Item label={q.category} htmlFor="bank-category" required>
              <Select
                id="bank-category"
                value={state.categoryId}
                onChange={(categoryId) => set({ categoryId })}
                options={categories.map((row) => ({ value: row.id, label: `${row.bu} · ${row.name}` }))}
                placeholder={q.category}
              />
            </Form.Item>
            <Form.Item label={q.type} required>
              <Radio.Group
                value={state.subjectType}
                onChange={(event) => set({ subjectType: event.target.value as SubjectType })}
                optionType="button"
                options={SUBJECT_TYPES.map((type) => ({ value: type, label: q.typeLabels[type] }))}
              />
            </Form.Item>
            <Form.Item
              label={q.subject}
              htmlFor="bank-subject"
              required
              extra={state.subjectType === 'ST04' ? q.subjectHint : undefined}
            >
              <Input.TextArea
                id="bank-subject"
                value={state.subject}
                maxLength={1000}
                autoSize={{ minRows: 2, maxRows: 6 }}
                onChange={(event) => {
                  const subject = event.target.value;
                  const blanks = countBlanks(subject);
                  setState((current) => ({
                    ...current,
                    subject,
                    blanks: Array.from({ length: blanks }, (_, index) => current.blanks[index] ?? ''),
                  }));
                }}
              />
            </Form.Item>
            {isChoice(state.subjectType) && (
              <Form.Item label={q.options} required>
                {state.options.map((option, index) => (
                  <div className="bank-options-row" key={option.key}>
                    <Typography.Text strong>{OPTION_LETTERS[index]}</Typography.Text>
                    <Input
                      aria-label={q.option(OPTION_LETTERS[index] ?? '')}
                      value={option.content}
                      maxLength={200}
                      onChange={(event) => setOption(index, { content: event.target.value })}
                    />
                    <Checkbox
                      checked={option.isCorrect}
                      onChange={(event) => setOption(index, { isCorrect: event.target.checked })}
                    >
                      {q.isCorrect}
                    </Checkbox>
                    <Checkbox
                      checked={option.isFill}
                      onChange={(event) => setOption(index, { isFill: event.target.checked })}
                    >
                      {q.isFill}
                    </Checkbox>
                    <Button
                      size="small"
                      type="link"
                      danger
                      aria-label={`${q.removeOption} ${OPTION_LETTERS[index]}`}
                      onClick={() => set({ options: state.options.filter((_, at) => at !== index) })}
                    >
                      {q.removeOption}
                    </Button>
                  </div>
                ))}
                {state.options.length < MAX_OPTIONS && (
                  <Button onClick={() => set({ options: [...state.options, newOption()] })}>{q.addOption}</Button>
                )}
              </Form.Item>
            )}
            {state.subjectType === 'ST03' && (
              <Form.Item label={q.judgeKey}>
                <Radio.Group
                  value={state.judge ?? ''}
                  onChange={(event) => set({ judge: (event.target.value || null) as EditorState['judge'] })}
                  options={[
                    { value: 'Y', label: q.judgeYes },
                    { value: 'N', label: q.judgeNo },
                    { value: '', label: q.judgeNone },
                  ]}
                />
              </Form.Item>
            )}
            {state.subjectType === 'ST04' && (
              <Form.Item label={q.blanksKey} extra={blankCount > 0 ? q.blankHint : q.noBlanks}>
                {state.blanks.map((text, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its place in the subject.
                  <div className="bank-options-row" key={index}>
                    <Typography.Text>{q.blank(index + 1)}</Typography.Text>
                    <Input
                      aria-label={q.blank(index + 1)}
                      value={text}
                      maxLength={300}
                      onChange={(event) =>
                        set({ blanks: state.blanks.map((value, at) => (at === index ? event.target.value : value)) })
                      }
                    />
                  </div>
                ))}
              </Form.Item>
            )}
            <Space size="large" wrap>
              <Form.Item label={q.score} htmlFor="bank-score" extra={q.scoreHint}>
                <InputNumber
                  id="bank-score"
                  min={0}
                  max={100}
                  step={0.5}
                  value={state.score}
                  onChange={(score) => set({ score: score ?? 0 })}
                />
              </Form.Item>
              <Form.Item label={q.isMust} htmlFor="bank-must">
                <Switch id="bank-must" checked={state.isMust} onChange={(isMust) => set({ isMust })} />
              </Form.Item>
            </Space>
            <Form.Item label={q.explanation} htmlFor="bank-explanation" extra={q.explanationHint}>
              <Input.TextArea
                id="bank-explanation"
                value={state.explanation}
                maxLength={1000}
                autoSize={{ minRows: 2, maxRows: 5 }}
                onChange={(event) => set({ explanation: event.target.value })}
              />
            </Form.Item>
            {isTried && problems.length > 0 && (
              <Alert
                type="error"
                showIcon
                message={q.problems}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                }
              />
            )}
          </Form>
        </Col>
        <Col xs={24} lg={11}>
          <QuestionPreview draft={draft as Omit<QuestionDraft, 'categoryId'>} />
        </Col>
      </Row>
    </Drawer>
  );
};
