// Leaving an edit of a record: with changes made, the employee is asked first (放弃修改？); without, nothing is asked.
import { t } from '../../i18n/zh-CN';
import { confirmAction } from '../../lib/confirm-action';

/** True when the edit may be left: nothing was changed, or the employee agreed to drop the changes. */
export const mayDiscard = async (isChanged: boolean): Promise<boolean> =>
  !isChanged ||
  confirmAction({ name: t.records.discardTitle, title: t.records.discardTitle, content: t.records.discardConfirm });
