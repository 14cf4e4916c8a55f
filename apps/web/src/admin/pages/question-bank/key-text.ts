// A question's key as the console shows it: the sheet's notation (contract keyText), blanks spaced apart.
import { keyText as sheetKeyText } from '@ess/contract/question-bank';

export const keyText = (question: Parameters<typeof sheetKeyText>[0]) => sheetKeyText(question, ' | ');
