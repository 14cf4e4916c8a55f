// The live notices each instance keeps for the home call: forgotten on every instance when one publishes or
// withdraws, read again after their time to live, and matched against the clock at each read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createInProcessNotifier } from '../../core/notifier';
import { announcements } from '../../db/schema/index';
import { createLiveAnnouncements } from './live';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const insertNotice = async (title: string, startsAt = new Date()) => {
  const [row] = await t.database.db
    .insert(announcements)
    .values({ title, body: '<p>x</p>', startsAt })
    .returning({ id: announcements.id });
  return row?.id as number;
};
const titles = async (live: ReturnType<typeof createLiveAnnouncements>) =>
  (await live.current()).map((notice) => notice.title);

describe('the live notices of each instance', () => {
  it('are forgotten on every instance when one of them says a notice changed', async () => {
    const notifier = createInProcessNotifier();
    const one = createLiveAnnouncements({ db: t.database.db, notifier });
    const other = createLiveAnnouncements({ db: t.database.db, notifier });
    const before = await titles(other);
    await titles(one);

    await insertNotice('新通知甲');
    // Kept: neither instance reads the table again on its own within the time to live.
    expect(await titles(other)).toEqual(before);
    one.changed();
    expect(await titles(one)).toContain('新通知甲');
    expect(await titles(other)).toContain('新通知甲');
  });

  it('are read once for the many calls that find none kept, and afresh for a call after a change', async () => {
    let reads = 0;
    // Counts the statements run on the handle (executeNamed reaches its session through `_`).
    const counted = new Proxy(t.database.db, {
      get: (target, key, receiver) => {
        if (key === '_') reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const live = createLiveAnnouncements({ db: counted });
    await Promise.all(Array.from({ length: 20 }, () => live.current()));
    expect(reads).toBe(1);

    // A change while a read is under way: the call after it reads afresh, and the earlier read is not kept.
    const fresh = createLiveAnnouncements({ db: counted });
    reads = 0;
    const before = fresh.current();
    fresh.changed();
    const after = fresh.current();
    await Promise.all([before, after]);
    expect(reads).toBe(2);
    await fresh.current();
    expect(reads).toBe(2);
  });

  it('are read again once their time to live has passed', async () => {
    let clock = Date.now();
    const live = createLiveAnnouncements({ db: t.database.db, ttlMs: 30_000, now: () => clock });
    await titles(live);
    await insertNotice('新通知乙');
    expect(await titles(live)).not.toContain('新通知乙');
    clock += 30_001;
    expect(await titles(live)).toContain('新通知乙');
  });

  it('show a notice that begins later once its time comes, without reading again', async () => {
    let clock = Date.now();
    const live = createLiveAnnouncements({ db: t.database.db, ttlMs: 3_600_000, now: () => clock });
    await insertNotice('定时通知', new Date(clock + 60_000));
    expect(await titles(live)).not.toContain('定时通知');
    clock += 60_001;
    expect(await titles(live)).toContain('定时通知');
  });
});
