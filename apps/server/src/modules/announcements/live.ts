// The notices that are live or still to begin, kept per instance: a worker's home call (SystemNotice/GetPersonMsg,
// every visit of home) matches these few against its caller in memory instead of joining every notice's rule in
// SQL, which cost it half its speed (docs/performance.md). Publishing and withdrawing forget them here before they
// answer and tell the other instances through the notifier (Redis when there is one); `ttlMs` bounds what a change
// made outside the server (SQL by hand) takes.
import { type SQL, sql } from 'drizzle-orm';
import type { AudiencePerson, StoredAudience } from '../../core/audience';
import { audienceIncludesPerson, splitAudience } from '../../core/audience';
import { ANNOUNCEMENTS_CHANGED, type Notifier } from '../../core/notifier';
import { executeNamed } from '../../db/prepared';
import { announcements } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import type { Executor } from '../../db/transaction';

export type LiveAnnouncement = {
  id: number;
  title: string;
  excerpt: string;
  /** Its start on Shanghai's clock, as the dialog shows it. */
  publishedAt: string;
  startsAtMs: number;
  endsAtMs: number | null;
  mustAcknowledge: boolean;
  audience: StoredAudience;
};

export type LiveAnnouncements = {
  /** The notices live now (begun, not ended, not withdrawn). */
  current: () => Promise<readonly LiveAnnouncement[]>;
  /** A notice was published or withdrawn: forgotten here at once, on the other instances when they hear of it. */
  changed: () => void;
};

const notEnded = sql`${announcements.withdrawnAt} is null
  and (${announcements.endsAt} is null or ${announcements.endsAt} > now())`;

const loadQuery: SQL = sql`
  select ${announcements.id} as id, ${announcements.title} as title, ${announcements.excerpt} as excerpt,
         ${shanghaiTime(announcements.startsAt)} as "publishedAt",
         (extract(epoch from ${announcements.startsAt}) * 1000)::float8 as "startsAtMs",
         (extract(epoch from ${announcements.endsAt}) * 1000)::float8 as "endsAtMs",
         ${announcements.mustAcknowledge} as "mustAcknowledge",
         ${announcements.plants} as plants, ${announcements.departments} as departments,
         ${announcements.teams} as teams, ${announcements.positions} as positions, ${announcements.roles} as roles,
         ${announcements.employeeIds} as "employeeIds"
  from ${announcements} where ${notEnded}
  order by ${announcements.startsAt}, ${announcements.id}`;

type LoadedRow = Omit<LiveAnnouncement, 'audience'> & StoredAudience;

export const createLiveAnnouncements = ({
  db,
  notifier,
  ttlMs = 30_000,
  now = Date.now,
}: {
  /** The primary: a replica behind a publish would be kept for `ttlMs`. */
  db: Executor;
  notifier?: Notifier;
  ttlMs?: number;
  now?: () => number;
}): LiveAnnouncements => {
  let kept: { rows: LiveAnnouncement[]; until: number } | undefined;
  /** The load under way: the calls that find nothing kept wait for the same one (one read per expiry, not fifty). */
  let loading: Promise<LiveAnnouncement[]> | undefined;
  /** Counts forgets: a load that began before one may hold what was just changed, and is not kept. */
  let forgets = 0;
  const forget = () => {
    forgets += 1;
    kept = undefined;
    // A call after the change must not wait for a read that began before it.
    loading = undefined;
  };
  notifier?.subscribe(({ kind }) => {
    if (kind === ANNOUNCEMENTS_CHANGED) forget();
  });

  const read = async () => {
    const forgetsBefore = forgets;
    const { rows } = await executeNamed<LoadedRow>(db, loadQuery);
    const loaded = rows.map((row) => {
      const { audience, rest } = splitAudience(row);
      return { ...rest, audience };
    });
    // A notice to begin later is kept too: `current` reads the clock, so it shows when its time comes.
    if (forgets === forgetsBefore) kept = { rows: loaded, until: now() + ttlMs };
    return loaded;
  };
  const load = () => {
    const started = read().finally(() => {
      if (loading === started) loading = undefined;
    });
    loading = started;
    return started;
  };

  return {
    current: async () => {
      const rows = kept && kept.until > now() ? kept.rows : await (loading ?? load());
      const at = now();
      return rows.filter((row) => row.startsAtMs <= at && (row.endsAtMs === null || row.endsAtMs > at));
    },
    changed: () => {
      forget();
      void notifier?.publish({ kind: ANNOUNCEMENTS_CHANGED }).catch(() => {});
    },
  };
};

/** The home dialog's notices for `person`: live, theirs, not read yet (`readIds`), oldest first, at most 20. */
export const unreadFor = (
  live: readonly LiveAnnouncement[],
  person: AudiencePerson,
  readIds: readonly number[],
): LiveAnnouncement[] =>
  live.filter((notice) => !readIds.includes(notice.id) && audienceIncludesPerson(notice.audience, person)).slice(0, 20);
