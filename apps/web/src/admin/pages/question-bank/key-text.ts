// A question's key in a few characters, as the sheet writes it: B, ACD, 对, 绿 | 干粉;二氧化碳; '' when not scored.

import type { SubjectType } from '@ess/contract/paper-engine';
import { OPTION_LETTERS } from '@ess/contract/question-bank';

type Keyed = {
  subjectType: SubjectType;
  options: readonly { isCorrect: boolean }[];
  judge?: 'Y' | 'N' | null;
  blanks: readonly (readonly string[])[];
};

export const keyText = (question: Keyed) => {
  switch (question.subjectType) {
    case 'ST01':
    case 'ST02':
      return question.options.map((option, index) => (option.isCorrect ? OPTION_LETTERS[index] : '')).join('');
    case 'ST03':
      return question.judge === 'Y' ? '对' : question.judge === 'N' ? '错' : '';
    case 'ST04':
      return question.blanks.map((accepted) => accepted.join(';')).join(' | ');
    default:
      return '';
  }
};
