// The question engine the paper screen and the server share: blanks of both bracket kinds, `$` joining, the
// must-answer check, and scoring (NFKC-normalised blanks, all-or-nothing or partial multiple choice).
import {
  countBlanks,
  type EngineQuestion,
  isAnswered,
  joinAnswers,
  missingRequired,
  normalizeBlank,
  type ScoredQuestion,
  scoreQuestion,
  splitAnswers,
  splitBlanks,
} from '@ess/contract/paper-engine';
import { describe, expect, it } from 'vitest';

const question = (patch: Partial<EngineQuestion>): EngineQuestion => ({
  id: 1,
  subject: '题目',
  subjectType: 'ST01',
  isMust: true,
  options: [],
  ...patch,
});

describe('blanks', () => {
  it('finds an input at each empty bracket pair, full-width or half-width, spaces inside allowed', () => {
    expect(splitBlanks('安全第一、（）为主、(  )治理。')).toEqual(['安全第一、', '为主、', '治理。']);
    expect(countBlanks('电话是（　）和()')).toBe(2);
    expect(countBlanks('括号里有字（例如）不算空')).toBe(0);
    expect(countBlanks('没有空')).toBe(0);
  });

  it('counts a blank question answered only when every blank is filled', () => {
    const blanks = question({ id: 4, subjectType: 'ST04', subject: '（）为主、()治理' });
    expect(isAnswered(blanks, { 4: '预防$综合' })).toBe(true);
    expect(isAnswered(blanks, { 4: '预防$' })).toBe(false);
    expect(isAnswered(blanks, { 4: '预防' })).toBe(false);
    expect(isAnswered(question({ id: 5, subjectType: 'ST04', subject: '简述' }), { 5: ' 文字 ' })).toBe(true);
  });
});

describe('joining several answers', () => {
  it('joins with $, keeping a typed $ as the full-width ＄', () => {
    expect(joinAnswers(['安全帽', '安全鞋'])).toBe('安全帽$安全鞋');
    expect(joinAnswers(['5$', '6'])).toBe('5＄$6');
    expect(splitAnswers('安全帽$安全鞋')).toEqual(['安全帽', '安全鞋']);
    expect(splitAnswers('')).toEqual([]);
  });
});

describe('the must-answer check', () => {
  const questions = [
    question({ id: 1, options: [{ id: 1, content: '红区', isFill: false }] }),
    question({
      id: 2,
      subjectType: 'ST02',
      options: [
        { id: 1, content: '安全帽', isFill: false },
        { id: 2, content: '其他', isFill: true },
      ],
    }),
    question({ id: 3, subjectType: 'ST03' }),
    question({ id: 5, subjectType: 'ST05', isMust: false }),
  ];

  it('names the must-answer questions left blank, in paper order, and skips optional ones', () => {
    expect(missingRequired(questions, {}).map((q) => q.id)).toEqual([1, 2, 3]);
    expect(missingRequired(questions, { 1: '红区', 2: '安全帽', 3: 'N' })).toEqual([]);
  });

  it('wants the text of a chosen option that asks for one', () => {
    expect(missingRequired(questions, { 1: '红区', 2: '其他', 3: 'Y' }).map((q) => q.id)).toEqual([2]);
    expect(missingRequired(questions, { 1: '红区', 2: '其他', '2_2': '反光背心', 3: 'Y' })).toEqual([]);
  });
});

describe('scoring', () => {
  const scored = (patch: Partial<ScoredQuestion>): ScoredQuestion => ({
    ...question({}),
    score: 10,
    key: null,
    ...patch,
  });
  const strict = { isPartialCredit: false };
  const partial = { isPartialCredit: true };

  it('scores single choice and true/false by the key', () => {
    const single = scored({ key: { optionIds: [2] } });
    expect(scoreQuestion(single, { optionIds: [2] }, strict)).toEqual({ earned: 10, isCorrect: true });
    expect(scoreQuestion(single, { optionIds: [1] }, strict)).toEqual({ earned: 0, isCorrect: false });
    const judge = scored({ subjectType: 'ST03', key: { judge: 'N' } });
    expect(scoreQuestion(judge, { texts: ['N'] }, strict).isCorrect).toBe(true);
    expect(scoreQuestion(judge, undefined, strict).earned).toBe(0);
  });

  it('gives multiple choice all or nothing, unless the paper gives partial credit', () => {
    const multiple = scored({ subjectType: 'ST02', score: 20, key: { optionIds: [1, 2, 3] } });
    expect(scoreQuestion(multiple, { optionIds: [3, 1, 2] }, strict).earned).toBe(20);
    expect(scoreQuestion(multiple, { optionIds: [1, 2] }, strict).earned).toBe(0);
    expect(scoreQuestion(multiple, { optionIds: [1, 2] }, partial)).toEqual({ earned: 13.33, isCorrect: false });
    // A wrong option chosen earns nothing, even with partial credit.
    expect(scoreQuestion(multiple, { optionIds: [1, 4] }, partial).earned).toBe(0);
  });

  it('compares blanks after NFKC, trimming and case folding, with several accepted answers', () => {
    expect(normalizeBlank(' ＡＢｃ１２ ')).toBe('abc12');
    const blanks = scored({ subjectType: 'ST04', score: 20, key: { blanks: [['预防'], ['8120', '八一二零']] } });
    expect(scoreQuestion(blanks, { texts: [' 预防', '８１２０'] }, strict).earned).toBe(20);
    expect(scoreQuestion(blanks, { texts: ['预防', '八一二零'] }, strict).earned).toBe(20);
    expect(scoreQuestion(blanks, { texts: ['预防', '110'] }, strict).earned).toBe(0);
    expect(scoreQuestion(blanks, { texts: ['预防', '110'] }, partial).earned).toBe(10);
  });

  it('scores nothing without a key or points (long text, surveys)', () => {
    expect(scoreQuestion(scored({ subjectType: 'ST05' }), { texts: ['建议'] }, strict).earned).toBe(0);
  });
});
