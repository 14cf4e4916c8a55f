// Unread messages (SystemNotice/GetPersonMsg), once the handbook is confirmed; 我知道了 marks them read.
import type { PersonMsg } from '@ess/contract/notices';
import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { t } from '../../../i18n/zh-CN';
import { useModifyReadMsg } from '../api/modify-read-msg';

export const UnreadMessagesDialog = ({ messages }: { messages: readonly PersonMsg[] }) => {
  const markRead = useModifyReadMsg();
  // Closing never waits for the network: a failed mark only means the messages come back next time.
  const [isDismissed, setDismissed] = useState(false);
  return (
    <Dialog
      visible={!isDismissed && messages.length > 0}
      title={t.home.unreadTitle}
      content={
        <ul className="unread-messages">
          {messages.map((message) => (
            <li key={message.id} className="unread-message">
              <p className="unread-message-title">{message.noticeTitle}</p>
              <p className="unread-message-body">{message.noticeBody}</p>
              <p className="unread-message-time">{message.createdAt}</p>
            </li>
          ))}
        </ul>
      }
      actions={[{ key: 'confirm', text: t.home.unreadConfirm, bold: true }]}
      onAction={() => {
        setDismissed(true);
        markRead.mutate();
      }}
    />
  );
};
