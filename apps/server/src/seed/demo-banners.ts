// The demo's home carousel: three company-wide banners with links into the app, published by the demo's SysAdmin
// through the service HR uses (pictures uploaded, sniffed and made into the phones' sizes, audited). The pictures
// are committed JPEGs (seed/media/banners), so the demo's Chinese titles do not depend on the machine's fonts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PLANTS } from '@ess/contract/plants';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Caller } from '../core/caller';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { createBanner, uploadBannerImage } from '../modules/banners/service';
import { runtimePaths } from '../paths';

export const DEMO_BANNERS = [
  { title: '安全生产 人人有责', file: 'safety.jpg', link: '/inspection/my-ehs' },
  { title: '员工自助 便捷服务', file: 'service.jpg', link: '/user/self-help' },
  { title: '持续改善 提质增效', file: 'improve.jpg', link: '/improve/proposal-improve' },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A month ago on the China calendar: the banners have been up a while. */
const monthAgo = () => new Date(Date.now() + 8 * 60 * 60 * 1000 - 30 * DAY_MS).toISOString().slice(0, 10);

export const seedDemoBanners = async (pool: pg.Pool, { publisherEmpNo }: { publisherEmpNo: string }) => {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const [publisher] = await db
    .select({ id: schema.employees.id, bu: schema.employees.bu })
    .from(schema.employees)
    .where(eq(schema.employees.empNo, publisherEmpNo));
  if (!publisher) return;
  const caller: Caller = {
    id: publisher.id,
    empNo: publisherEmpNo,
    bu: publisher.bu,
    roles: ['HRAdmin', 'SysAdmin'],
    menuCodes: new Set(),
    adminPlants: new Set(PLANTS),
  };
  for (const [index, banner] of DEMO_BANNERS.entries()) {
    const bytes = readFileSync(path.join(runtimePaths.demoMediaDir, 'banners', banner.file));
    const image = await uploadBannerImage(db, caller, { bytes, requestId: 'demo-seed' });
    await createBanner(db, caller, {
      fields: {
        title: banner.title,
        link: banner.link,
        imageId: image.id,
        startsOn: monthAgo(),
        sort: index + 1,
        plants: [],
      },
      requestId: 'demo-seed',
    });
  }
};
