// The demo's first versions of the handbook and the onboarding guide: published through the console's own service,
// by the system, for the whole company, effective from the first day of this year. The employees the demo marks as
// having read the handbook (every one but the demo employee) accepted that version on some day since.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { companyToday } from '../lib/calendar';
import { publishVersion } from '../modules/handbook/service';
import { runtimePaths } from '../paths';

export const seedDemoHandbook = async (pool: pg.Pool) => {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const year = companyToday().slice(0, 4);
  const first = { label: `${year} 版`, effectiveDate: `${year}-01-01`, plants: [], requestId: '', actor: undefined };
  const handbook = await publishVersion(db, {
    ...first,
    kind: 'handbook',
    fileName: '员工手册.pdf',
    bytes: readFileSync(runtimePaths.demoHandbook),
  });
  await publishVersion(db, {
    ...first,
    kind: 'guide',
    fileName: '入职指引.pdf',
    bytes: readFileSync(path.join(runtimePaths.demoMediaDir, 'onboarding-guide.pdf')),
  });
  await pool.query(
    `insert into handbook_acceptances (version_id, employee_id, accepted_at)
     select $1, id, greatest(($2::date)::timestamp at time zone 'Asia/Shanghai',
                             now() - make_interval(mins => (id * 37) % (60 * 24 * 20)))
     from employees where app_read_status = 'Y'`,
    [handbook.id, first.effectiveDate],
  );
};
