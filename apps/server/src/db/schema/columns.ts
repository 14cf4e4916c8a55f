// Column builders more than one table file uses (no tables here: index.ts does not list this file).
import { customType, integer, numeric, timestamp } from 'drizzle-orm/pg-core';
import { employees } from './account';

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The employee a row belongs to; the row goes with the employee. */
export const employeeRef = () =>
  integer('employee_id')
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' });

export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * What the 收件箱 keeps of an item workers sent (feedback, proposal, candidate): the HR colleague it is assigned to
 * and since when. A colleague who is deleted leaves the item unassigned.
 */
export const inboxAssignment = () => ({
  assignedTo: integer('assigned_to').references(() => employees.id, { onDelete: 'set null' }),
  assignedAt: timestamp('assigned_at', { withTimezone: true }),
});
