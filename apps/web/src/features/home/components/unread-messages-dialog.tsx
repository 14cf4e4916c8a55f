// Unread messages and HR's notices (SystemNotice/GetPersonMsg), once the handbook is confirmed; 我知道了 (or Esc)
// marks them read. A notice shows its excerpt and leads to the whole (where a 须确认 one is acknowledged).
import type { PersonMsg } from '@ess/contract/notices';
import { Dialog, Tag } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../i18n/zh-CN';
import { useModifyReadMsg } from '../api/modify-read-msg';

const UnreadMessagesDialog = ({ messages }: { messages: readonly PersonMsg[] }) => {
  const markRead = useModifyReadMsg();
  // Closing never waits for the network: a failed mark only means the messages come back next time.
  const [isDismissed, setDismissed] = useState(false);
  const isVisible = !isDismissed && messages.length > 0;
  const dismissRef = useRef(() => {});
  dismissRef.current = () => {
    setDismissed(true);
    markRead.mutate(messages.filter((message) => message.kind === 'announcement').map((message) => message.id));
  };
  // Closed while it still fades in, antd-mobile's popup can stay mounted (invisible, yet a dialog to a
  // screen reader): an early Esc takes effect once it is in.
  const isShownRef = useRef(false);
  const isEscapedRef = useRef(false);
  const showDone = () => {
    isShownRef.current = true;
    if (isEscapedRef.current) return void dismissRef.current();
    document.querySelector<HTMLElement>('.unread-messages-dialog .adm-dialog-button')?.focus();
  };

  useEffect(() => {
    if (!isVisible) return;
    const dismissOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (isShownRef.current) dismissRef.current();
      else isEscapedRef.current = true;
    };
    document.addEventListener('keydown', dismissOnEscape);
    return () => document.removeEventListener('keydown', dismissOnEscape);
  }, [isVisible]);

  return (
    <Dialog
      visible={isVisible}
      aria-label={t.home.unreadTitle}
      title={t.home.unreadTitle}
      content={
        <ul className="unread-messages">
          {messages.map((message) => (
            <li key={`${message.kind}-${message.id}`} className="unread-message">
              <p className="unread-message-title">
                {message.kind === 'announcement' && (
                  <Tag color={message.mustAcknowledge ? 'danger' : 'primary'} className="unread-message-tag">
                    {message.mustAcknowledge ? t.announcements.mustAcknowledge : t.home.noticeTag}
                  </Tag>
                )}
                {message.noticeTitle}
              </p>
              <p className="unread-message-body">{message.noticeBody}</p>
              <p className="unread-message-time">
                {message.createdAt}
                {message.kind === 'announcement' && (
                  <Link
                    className="unread-message-link"
                    to={`/user/announcement-detail?id=${message.id}`}
                    onClick={() => dismissRef.current()}
                  >
                    {t.announcements.readWhole}
                  </Link>
                )}
              </p>
            </li>
          ))}
        </ul>
      }
      actions={[{ key: 'confirm', text: t.home.unreadConfirm, bold: true }]}
      afterShow={showDone}
      className="unread-messages-dialog"
      onAction={() => dismissRef.current()}
    />
  );
};

export default UnreadMessagesDialog;
