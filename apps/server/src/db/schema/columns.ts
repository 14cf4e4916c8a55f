// Column builders more than one table file uses (no tables here: index.ts does not list this file).
import { customType, integer, numeric } from 'drizzle-orm/pg-core';
import { employees } from './account';

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The employee a row belongs to; the row goes with the employee. */
export const employeeRef = () =>
  integer('employee_id')
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' });

export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
