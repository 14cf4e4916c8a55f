// A request's kind as the reviewers read it (修改学历信息): no UI library, so the employee app's console and the HR
// console's 资料审核 page both use it.
import { CHANGE_KIND_WORDS } from '@ess/contract/records';
import type { ChangeListItem } from '@ess/contract/review';
import { t } from '../../i18n/zh-CN';

export const kindText = (kind: ChangeListItem['kind']) => t.review.kindText(CHANGE_KIND_WORDS[kind] ?? kind);
