// The question engine of exams and surveys, shared by the screen and the server: blanks in a subject, the
// `$`-joined edge form of an answer, the must-answer check, and scoring. Pure functions, no zod, so the paper
// screen loads no schema library for them.

/** ST01 single choice, ST02 multiple choice, ST03 true/false (Y/N), ST04 short text or blanks, ST05 long text. */
export const SUBJECT_TYPES = ['ST01', 'ST02', 'ST03', 'ST04', 'ST05'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** What separates several answers of one question in the edge form (SPEC §5). */
export const ANSWER_SEPARATOR = '$';

/** An empty bracket pair, full-width （） or half-width (), with nothing but spaces inside: one blank. */
const BLANK = /（[ \u3000]*）|\([ \u3000]*\)/g;

/** A subject cut at its blanks: the text pieces around them (one more piece than blanks). */
export const splitBlanks = (subject: string): string[] => subject.split(BLANK);
export const countBlanks = (subject: string) => splitBlanks(subject).length - 1;

/** Several answers as the API carries them: joined with `$`; a `$` typed by the user becomes the full-width ＄. */
export const joinAnswers = (parts: readonly string[]) =>
  parts.map((part) => part.split(ANSWER_SEPARATOR).join('＄')).join(ANSWER_SEPARATOR);
export const splitAnswers = (answer: string | undefined) =>
  answer === undefined || answer === '' ? [] : answer.split(ANSWER_SEPARATOR);

/** The key of an isFill option's text in the answer map: `<question id>_<option id>`. */
export const fillKey = (questionId: number, optionId: number) => `${questionId}_${optionId}`;

/** Blank answers compare alike in full-width and half-width forms, case and surrounding spaces. */
export const normalizeBlank = (value: string) => value.normalize('NFKC').trim().toLocaleLowerCase('en-US');

export type EngineOption = { id: number; content: string; isFill: boolean };
export type EngineQuestion = {
  id: number;
  subject: string;
  subjectType: SubjectType;
  isMust: boolean;
  options: readonly EngineOption[];
};
/** Question id (as text) → the edge form of its answer; `<question>_<option>` → an isFill option's text. */
export type AnswerMap = Record<string, string>;

/** Whether a question has an answer in the map (every blank filled, for blanks). */
export const isAnswered = (question: EngineQuestion, answers: AnswerMap) => {
  const value = answers[String(question.id)] ?? '';
  if (question.subjectType === 'ST04') {
    const blanks = countBlanks(question.subject);
    if (blanks === 0) return value.trim() !== '';
    const parts = value.split(ANSWER_SEPARATOR);
    return parts.length === blanks && parts.every((part) => part.trim() !== '');
  }
  if (question.subjectType === 'ST01' || question.subjectType === 'ST02') {
    const chosen = splitAnswers(value);
    if (chosen.length === 0) return false;
    // A chosen option that asks for text needs its text too.
    return question.options.every(
      (option) =>
        !option.isFill ||
        !chosen.includes(option.content) ||
        (answers[fillKey(question.id, option.id)] ?? '').trim() !== '',
    );
  }
  return value.trim() !== '';
};

/** The must-answer questions left unanswered, in paper order (the screen scrolls to the first). */
export const missingRequired = (questions: readonly EngineQuestion[], answers: AnswerMap) =>
  questions.filter((question) => question.isMust && !isAnswered(question, answers));

/** What the server keeps of one answer: option ids (not their wording), texts, and isFill texts by option. */
export type StoredAnswer = { optionIds?: number[]; texts?: string[]; fills?: Record<string, string> };

/** An answer key: the right option ids, Y/N, or for each blank the answers accepted. */
export type AnswerKey = { optionIds?: number[]; judge?: 'Y' | 'N'; blanks?: string[][] };
export type ScoredQuestion = EngineQuestion & { score: number; key: AnswerKey | null };
export type QuestionResult = { earned: number; isCorrect: boolean };

/**
 * Points for one answer. Multiple choice is all or nothing unless the paper gives partial credit (then a
 * share of the right options, nothing when a wrong one is chosen); blanks likewise per blank.
 */
export const scoreQuestion = (
  question: ScoredQuestion,
  answer: StoredAnswer | undefined,
  { isPartialCredit }: { isPartialCredit: boolean },
): QuestionResult => {
  const { key, score } = question;
  if (!key || score <= 0) return { earned: 0, isCorrect: false };
  const full = { earned: score, isCorrect: true };
  const none = { earned: 0, isCorrect: false };
  switch (question.subjectType) {
    case 'ST01': {
      const chosen = answer?.optionIds ?? [];
      return chosen.length === 1 && key.optionIds?.includes(chosen[0] as number) ? full : none;
    }
    case 'ST02': {
      const right = new Set(key.optionIds ?? []);
      const chosen = new Set(answer?.optionIds ?? []);
      const hits = [...chosen].filter((id) => right.has(id)).length;
      if (hits === right.size && chosen.size === right.size) return full;
      if (!isPartialCredit || hits < chosen.size || right.size === 0) return none;
      return { earned: roundPoints((score * hits) / right.size), isCorrect: false };
    }
    case 'ST03':
      return answer?.texts?.[0] === key.judge ? full : none;
    case 'ST04': {
      const blanks = key.blanks ?? [];
      if (blanks.length === 0) return none;
      const texts = answer?.texts ?? [];
      const hits = blanks.filter((accepted, index) =>
        accepted.some((candidate) => normalizeBlank(candidate) === normalizeBlank(texts[index] ?? '')),
      ).length;
      if (hits === blanks.length) return full;
      return isPartialCredit ? { earned: roundPoints((score * hits) / blanks.length), isCorrect: false } : none;
    }
    default:
      return none;
  }
};

const roundPoints = (points: number) => Math.round(points * 100) / 100;

/** Whether a question counts towards the paper's full marks. */
export const isScored = (question: ScoredQuestion) => question.key !== null && question.score > 0;
