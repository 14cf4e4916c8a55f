// Messages to employees' WeChat / WeCom behind one interface. By default every message waits in the outbox table
// (target wechat or wecom) for a relay the operator runs, like the cabinet's commands; with no platform
// configured the checks answer "not configured", which is what a client expects then.
import type { Db } from '../db/client';
import { outboxCommands } from '../db/schema/index';

export type MessagingChannel = 'wechat' | 'wecom';
export type Messaging = {
  isConfigured: (channel: MessagingChannel) => boolean;
  /** Queues a message to the employee; answers once it is durably queued. */
  send: (input: { channel: MessagingChannel; employeeId: number; empNo: string; text: string }) => Promise<void>;
};

export const createOutboxMessaging = (db: Db, configured: { wechat: boolean; wecom: boolean }): Messaging => ({
  isConfigured: (channel) => configured[channel],
  send: async ({ channel, employeeId, empNo, text }) => {
    await db.insert(outboxCommands).values({
      target: channel,
      command: 'SEND_MSG',
      payload: { empNo, text },
      requestedBy: employeeId,
      status: 'pending',
    });
  },
});
