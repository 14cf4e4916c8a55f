// The messages an employee holds, as their 消息 lists them and the relay to WeCom reads them, oldest first.
import type { Database } from '../src/db/client';

export type HeldMessage = { title: string; link: string; category: string; eventKey: string; isRead: boolean };

export const messagesTo = async (database: Database, employeeId: number) =>
  (
    await database.pool.query<HeldMessage>(
      `select title, link, category, event_key as "eventKey", read_at is not null as "isRead"
       from messages where employee_id = $1 order by id`,
      [employeeId],
    )
  ).rows;
