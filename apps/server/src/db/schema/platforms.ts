// Sign-in from inside WeCom (and WeChat): the silent OAuth's states. A state is made when the browser is sent to the
// platform, carries the page to open, and is bound to that browser by a cookie; its callback exchanges the code once
// and keeps which code it took and whom it signed in, so a second call of the same callback (WeChat may make one)
// signs in again without a second exchange, and any other code under it is refused.
import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const oauthStates = pgTable('oauth_states', {
  nonce: varchar('nonce', { length: 64 }).primaryKey(),
  /** 'wecom' or 'wechat'. */
  platform: varchar('platform', { length: 8 }).notNull(),
  /** The page of the app to open after sign-in, checked when the state was made. */
  next: text('next').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The code exchanged under this state, and the employee it signed in (no foreign key: states are swept daily). */
  code: varchar('code', { length: 256 }),
  employeeId: integer('employee_id'),
});
