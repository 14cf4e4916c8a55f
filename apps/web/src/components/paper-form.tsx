// The question engine on screen, for exams and surveys alike (and the console's preview of a bank question): single and multiple choice (an option may ask for
// text), true/false, blanks at each empty bracket pair of the subject, long text. Editable until submitted, then
// read-only with the score. The rules (blanks, `$` joining, the must-answer check) are @ess/contract/paper-engine's.
import {
  type AnswerMap,
  type EngineQuestion,
  fillKey,
  joinAnswers,
  splitAnswers,
  splitBlanks,
} from '@ess/contract/paper-engine';
import type { PaperQuestion, PersonExam } from '@ess/contract/training';
import { Checkbox, Input, Radio, Space, Tag, TextArea } from 'antd-mobile';
import { t } from '../i18n/zh-CN';
import './paper-form.css';

/** The engine's view of a question as the API sends it. */
export const toEngineQuestion = (question: PaperQuestion): EngineQuestion => ({
  id: question.id,
  subject: question.subject,
  subjectType: question.subjectType,
  isMust: question.isMust === 'Y',
  options: question.details.map((option) => ({
    id: option.id,
    content: option.verbContent,
    isFill: option.isFill === 'Y',
  })),
});

export const questionElementId = (questionId: number) => `question-${questionId}`;

type QuestionProps = {
  question: PaperQuestion;
  index: number;
  answers: AnswerMap;
  onChange?: (patch: AnswerMap) => void;
  result?: PersonExam['results'][string];
  review?: PersonExam['review'][string];
  isMissing: boolean;
};

const Blanks = ({ question, answers, onChange }: Pick<QuestionProps, 'question' | 'answers' | 'onChange'>) => {
  const pieces = splitBlanks(question.subject);
  const key = String(question.id);
  if (pieces.length === 1) {
    return (
      <>
        <p className="paper-subject">{question.subject}</p>
        <Input
          className="paper-text"
          aria-label={t.training.answerPlaceholder}
          placeholder={t.training.answerPlaceholder}
          value={answers[key] ?? ''}
          readOnly={!onChange}
          onChange={(value) => onChange?.({ [key]: value })}
        />
      </>
    );
  }
  const values = (answers[key] ?? '').split('$');
  const setBlank = (blank: number, value: string) => {
    const next = pieces.slice(1).map((_, index) => (index === blank ? value : (values[index] ?? '')));
    onChange?.({ [key]: next.every((part) => part === '') ? '' : joinAnswers(next) });
  };
  return (
    <p className="paper-subject">
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one subject never move.
        <span key={index}>
          {piece}
          {index < pieces.length - 1 ? (
            <input
              className="paper-blank"
              aria-label={t.training.blank(index + 1)}
              value={values[index] ?? ''}
              readOnly={!onChange}
              onChange={(event) => setBlank(index, event.target.value)}
            />
          ) : null}
        </span>
      ))}
    </p>
  );
};

const Choices = ({ question, answers, onChange }: Pick<QuestionProps, 'question' | 'answers' | 'onChange'>) => {
  const key = String(question.id);
  const chosen = splitAnswers(answers[key]);
  const isMultiple = question.subjectType === 'ST02';
  const fills = question.details
    .filter((option) => option.isFill === 'Y' && chosen.includes(option.verbContent))
    .map((option) => (
      <Input
        key={option.id}
        className="paper-text"
        aria-label={`${option.verbContent}：${t.training.fillPlaceholder}`}
        placeholder={t.training.fillPlaceholder}
        value={answers[fillKey(question.id, option.id)] ?? ''}
        readOnly={!onChange}
        onChange={(value) => onChange?.({ [fillKey(question.id, option.id)]: value })}
      />
    ));
  const label = (option: PaperQuestion['details'][number]) => `${option.verb}. ${option.verbContent}`;
  return (
    <>
      <p className="paper-subject">{question.subject}</p>
      {isMultiple ? (
        <Checkbox.Group
          value={chosen}
          disabled={!onChange}
          onChange={(values) => {
            // In the paper's order, whatever order they were ticked in.
            const picked = question.details
              .map((option) => option.verbContent)
              .filter((content) => values.includes(content));
            onChange?.({ [key]: joinAnswers(picked) });
          }}
        >
          <Space direction="vertical">
            {question.details.map((option) => (
              <Checkbox key={option.id} value={option.verbContent}>
                {label(option)}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      ) : (
        <Radio.Group
          value={chosen[0] ?? null}
          disabled={!onChange}
          onChange={(value) => onChange?.({ [key]: String(value) })}
        >
          <Space direction="vertical">
            {question.details.map((option) => (
              <Radio key={option.id} value={option.verbContent}>
                {label(option)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {fills}
    </>
  );
};

/** The key in words: the `$`-joined options or blanks read as a list; Y/N as 对/错. */
const keyWords = (key: string) =>
  key === 'Y' ? t.training.yes : key === 'N' ? t.training.no : key.split('$').join('；');

const Question = ({ question, index, answers, onChange, result, review, isMissing }: QuestionProps) => {
  const key = String(question.id);
  const typeName = t.training.typeNames[question.subjectType];
  let body: React.ReactNode;
  if (question.subjectType === 'ST01' || question.subjectType === 'ST02') {
    body = <Choices question={question} answers={answers} onChange={onChange} />;
  } else if (question.subjectType === 'ST03') {
    body = (
      <>
        <p className="paper-subject">{question.subject}</p>
        <Radio.Group
          value={answers[key] || null}
          disabled={!onChange}
          onChange={(value) => onChange?.({ [key]: String(value) })}
        >
          <Space>
            <Radio value="Y">{t.training.yes}</Radio>
            <Radio value="N">{t.training.no}</Radio>
          </Space>
        </Radio.Group>
      </>
    );
  } else if (question.subjectType === 'ST04') {
    body = <Blanks question={question} answers={answers} onChange={onChange} />;
  } else {
    body = (
      <>
        <p className="paper-subject">{question.subject}</p>
        <TextArea
          className="paper-text"
          aria-label={t.training.longPlaceholder}
          placeholder={t.training.longPlaceholder}
          value={answers[key] ?? ''}
          readOnly={!onChange}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={2000}
          onChange={(value) => onChange?.({ [key]: value })}
        />
      </>
    );
  }
  return (
    <fieldset
      id={questionElementId(question.id)}
      className={isMissing ? 'paper-question paper-question-missing' : 'paper-question'}
      aria-invalid={isMissing || undefined}
    >
      <legend className="paper-question-head">
        <span>{t.training.questionLabel(index + 1, typeName)}</span>
        {question.isMust === 'Y' ? (
          <Tag color="danger" fill="outline">
            {t.training.required}
          </Tag>
        ) : null}
        {question.score > 0 ? <span className="paper-points">{t.training.points(question.score)}</span> : null}
      </legend>
      {body}
      {result ? (
        <p className={result.isCorrect ? 'paper-result paper-result-right' : 'paper-result paper-result-wrong'}>
          {result.isCorrect ? t.training.correct : t.training.wrong} · {t.training.earned(result.earned)}
        </p>
      ) : null}
      {review ? (
        <div className="paper-review">
          <p>{t.training.reviewKey(keyWords(review.key))}</p>
          {review.explanation ? <p>{t.training.reviewExplanation(review.explanation)}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
};

export type PaperFormProps = {
  questions: readonly PaperQuestion[];
  answers: AnswerMap;
  /** Absent: read-only (the answer was submitted). */
  onChange?: (patch: AnswerMap) => void;
  results?: PersonExam['results'];
  /** Each question's key and explanation, where the exam shows them after it closed. */
  review?: PersonExam['review'];
  missingIds?: ReadonlySet<number>;
};

export const PaperForm = ({ questions, answers, onChange, results, review, missingIds }: PaperFormProps) => (
  <div className="paper-form">
    {questions.map((question, index) => (
      <Question
        key={question.id}
        question={question}
        index={index}
        answers={answers}
        onChange={onChange}
        result={results?.[String(question.id)]}
        review={review?.[String(question.id)]}
        isMissing={missingIds?.has(question.id) ?? false}
      />
    ))}
  </div>
);
