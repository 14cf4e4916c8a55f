// A confirmation (antd-mobile Dialog) that a screen reader names, that takes the keyboard focus (on 取消,
// the answer that changes nothing) and that Esc answers with 取消, as it closes sheets; the focus then
// goes back to where it was.
import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { t } from '../i18n/zh-CN';

type ConfirmOptions = {
  /** The dialog's accessible name, shown as its title when there is one. */
  name: string;
  title?: ReactNode;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
};

const DIALOG_CLASS = 'confirm-action';

export const confirmAction = ({
  name,
  title,
  content,
  confirmText = t.common.confirm,
  cancelText = t.common.cancel,
}: ConfirmOptions): Promise<boolean> =>
  new Promise((resolve) => {
    const returnTo = document.activeElement;
    let isAnswered = false;
    let isShown = false;
    const answer = (isConfirmed: boolean) => {
      if (isAnswered) return;
      isAnswered = true;
      document.removeEventListener('keydown', answerEscape, true);
      // Closed while it still fades in, antd-mobile's popup can stay mounted (invisible, yet a dialog to a
      // screen reader): an early Esc closes it once it is in.
      if (isShown) handler.close();
      if (returnTo instanceof HTMLElement) returnTo.focus({ preventScroll: true });
      resolve(isConfirmed);
    };
    const answerEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Only this dialog answers: a sheet under it stays open.
      event.stopPropagation();
      answer(false);
    };
    const handler = Dialog.show({
      className: DIALOG_CLASS,
      'aria-label': name,
      title,
      content,
      actions: [
        [
          { key: 'cancel', text: cancelText, onClick: () => answer(false) },
          { key: 'confirm', text: confirmText, bold: true, onClick: () => answer(true) },
        ],
      ],
      afterShow: () => {
        isShown = true;
        if (isAnswered) return void handler.close();
        const dialogs = document.querySelectorAll(`.${DIALOG_CLASS}`);
        dialogs[dialogs.length - 1]?.querySelector<HTMLElement>('.adm-dialog-button')?.focus({ preventScroll: true });
      },
    });
    document.addEventListener('keydown', answerEscape, true);
  });
