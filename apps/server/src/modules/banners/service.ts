// 轮播图: the home carousel's banners, authored in the console. A banner is for the workers of its plants (none: the
// whole company, which only a SysAdmin publishes); an HRAdmin sees and changes only banners all of whose plants they
// administer. Every change is one transaction with its audit row; a withdrawn banner stays, hidden from the app.
// The app's list (Home/GetBannerList) is the live ones of the caller's plant, in order.
import { createHash } from 'node:crypto';
import type { BannerFields, BannerImage, BannerRow, BannerState } from '@ess/contract/banners';
import type { Banner } from '@ess/contract/home';
import { and, arrayContained, asc, eq, type SQL, sql } from 'drizzle-orm';
import { auditCreated, recordAudit } from '../../core/audit';
import { type Caller, hasRole, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { totalOver } from '../../db/paging';
import { bannerImages, banners } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';
import { processBannerImage } from './images';

const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export type ServedFormat = 'webp' | 'jpeg';
const EXTENSION: Record<ServedFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/** A served size's address: its own content hash, so it never changes and may be cached for ever. */
export const servedImagePath = (sha256: string, format: ServedFormat) =>
  `/api/banner-images/${sha256}.${EXTENSION[format]}`;

const today = sql`(now() at time zone 'Asia/Shanghai')::date`;

const stateOf = sql<BannerState>`case
  when ${banners.withdrawnAt} is not null then 'withdrawn'
  when ${banners.startsOn} > ${today} then 'scheduled'
  when ${banners.endsOn} < ${today} then 'ended'
  else 'live' end`;

const isLive = sql`${banners.withdrawnAt} is null and ${banners.startsOn} <= ${today}
  and (${banners.endsOn} is null or ${banners.endsOn} >= ${today})`;

const imageColumns = {
  imageId: bannerImages.id,
  jpegSha256: bannerImages.jpegSha256,
  webpSha256: bannerImages.webpSha256,
  servedWidth: bannerImages.servedWidth,
  servedHeight: bannerImages.servedHeight,
  jpegBytes: sql<number>`octet_length(${bannerImages.jpeg})`,
  webpBytes: sql<number>`octet_length(${bannerImages.webp})`,
};

const imageOf = (row: {
  imageId: number;
  jpegSha256: string;
  webpSha256: string;
  servedWidth: number;
  servedHeight: number;
  jpegBytes: number;
  webpBytes: number;
}): BannerImage => ({
  id: row.imageId,
  imageUrl: servedImagePath(row.jpegSha256, 'jpeg'),
  imageWebpUrl: servedImagePath(row.webpSha256, 'webp'),
  width: row.servedWidth,
  height: row.servedHeight,
  jpegBytes: row.jpegBytes,
  webpBytes: row.webpBytes,
});

// ——— Who may see and change what ———

/** The banners a caller administers: all for a SysAdmin, else those whose plants are all the caller's. */
const scopeOf = (caller: Caller): SQL | undefined => {
  if (hasRole(caller, 'SysAdmin')) return undefined;
  const plants = [...caller.adminPlants];
  if (plants.length === 0) return sql`false`;
  return and(sql`cardinality(${banners.plants}) > 0`, arrayContained(banners.plants, plants));
};

const isInScope = (caller: Caller, plants: readonly string[]) =>
  hasRole(caller, 'SysAdmin') || (plants.length > 0 && plants.every((plant) => caller.adminPlants.has(plant)));

/** The audience a caller may give: a non-empty set of their plants, or the whole company for a SysAdmin. */
const requireAudience = (caller: Caller, plants: readonly string[]) => {
  if (plants.length === 0) {
    if (!hasRole(caller, 'SysAdmin')) throw new BusinessError('BANNER_PLANTS_REQUIRED');
    return;
  }
  if (!plants.every((plant) => caller.adminPlants.has(plant))) throw new BusinessError('FORBIDDEN');
};

// ——— The console ———

export type BannerFilter = { bu?: string; state?: BannerState; page: number; pageSize: number };

export const listBanners = async (
  db: Db,
  caller: Caller,
  filter: BannerFilter,
): Promise<{ rows: BannerRow[]; totalCount: number }> => {
  requirePlantAdmin(caller, filter.bu);
  const conditions = [
    scopeOf(caller),
    filter.bu ? sql`${filter.bu} = any(${banners.plants})` : undefined,
    filter.state ? sql`${stateOf} = ${filter.state}` : undefined,
  ];
  const rows = await db
    .select({
      id: banners.id,
      title: banners.title,
      link: banners.link,
      plants: banners.plants,
      startsOn: banners.startsOn,
      endsOn: banners.endsOn,
      sort: banners.sort,
      state: stateOf,
      updatedAt: shanghaiTime(banners.updatedAt),
      withdrawnAt: shanghaiTime(banners.withdrawnAt),
      ...imageColumns,
      total: totalOver(),
    })
    .from(banners)
    .innerJoin(bannerImages, eq(bannerImages.id, banners.imageId))
    .where(and(...conditions))
    // What the phones show now first, in their order; then what is to come, what ended and what was withdrawn.
    .orderBy(
      sql`array_position(array['live', 'scheduled', 'ended', 'withdrawn'], ${stateOf})`,
      asc(banners.sort),
      asc(banners.id),
    )
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      title: row.title,
      link: row.link,
      image: imageOf(row),
      plants: row.plants,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      sort: row.sort,
      state: row.state,
      updatedAt: row.updatedAt,
      withdrawnAt: row.withdrawnAt,
    })),
    totalCount: rows[0]?.total ?? 0,
  };
};

const storedImage = async (db: Executor, where: SQL) => {
  const [row] = await db.select(imageColumns).from(bannerImages).where(where).limit(1);
  return row ? imageOf(row) : undefined;
};

/**
 * A picture for a banner: checked and made into the served sizes, stored once by the hash of its bytes (the same
 * bytes uploaded again answer the stored picture, and nothing is written). Pictures belong to no plant.
 */
export const uploadBannerImage = async (
  db: Db,
  caller: Caller,
  { bytes, requestId }: { bytes: Buffer; requestId: string },
): Promise<BannerImage> => {
  requirePlantAdmin(caller);
  const sha256 = sha256Hex(bytes);
  const known = await storedImage(db, eq(bannerImages.sha256, sha256));
  if (known) return known;
  const image = await processBannerImage(bytes);
  return withTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(bannerImages)
      .values({
        sha256,
        kind: image.kind,
        width: image.width,
        height: image.height,
        size: bytes.length,
        original: bytes,
        servedWidth: image.servedWidth,
        servedHeight: image.servedHeight,
        webpSha256: sha256Hex(image.webp),
        webp: image.webp,
        jpegSha256: sha256Hex(image.jpeg),
        jpeg: image.jpeg,
        uploadedBy: caller.id,
      })
      // The same bytes uploaded at the same moment by someone else: theirs is the stored one.
      .onConflictDoNothing({ target: bannerImages.sha256 })
      .returning({ id: bannerImages.id });
    if (created) {
      await auditCreated(tx, created, {
        actor: caller,
        action: 'banner.upload-image',
        subjectType: 'banner-image',
        after: { kind: image.kind, width: image.width, height: image.height, size: bytes.length, sha256 },
        requestId,
      });
    }
    const stored = await storedImage(tx, eq(bannerImages.sha256, sha256));
    if (!stored) throw new Error('the banner image was not stored');
    return stored;
  });
};

const requireImage = async (tx: Executor, imageId: number) => {
  const [image] = await tx.select({ id: bannerImages.id }).from(bannerImages).where(eq(bannerImages.id, imageId));
  if (!image) throw new BusinessError('BANNER_IMAGE_NOT_FOUND');
};

const columnsOf = (fields: Omit<BannerFields, 'plants'> & { plants: string[] }) => ({
  title: fields.title,
  link: fields.link ?? null,
  imageId: fields.imageId,
  plants: fields.plants,
  startsOn: fields.startsOn,
  endsOn: fields.endsOn ?? null,
  sort: fields.sort,
});

export const createBanner = async (
  db: Db,
  caller: Caller,
  { fields, requestId }: { fields: BannerFields; requestId: string },
) => {
  requirePlantAdmin(caller);
  requireAudience(caller, fields.plants);
  return withTransaction(db, async (tx) => {
    await requireImage(tx, fields.imageId);
    const values = columnsOf(fields);
    const [created] = await tx
      .insert(banners)
      .values({ ...values, createdBy: caller.id })
      .returning({ id: banners.id });
    return auditCreated(tx, created, {
      actor: caller,
      action: 'banner.create',
      subjectType: 'banner',
      after: values,
      requestId,
    });
  });
};

/** The banner, locked, when the caller administers it (another plant's is as absent as none). */
const lockBanner = async (tx: Executor, caller: Caller, id: number) => {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!row || !isInScope(caller, row.plants)) throw new BusinessError('BANNER_NOT_FOUND');
  if (row.withdrawnAt) throw new BusinessError('BANNER_WITHDRAWN');
  return row;
};

export const updateBanner = async (
  db: Db,
  caller: Caller,
  { id, fields, requestId }: { id: number; fields: BannerFields; requestId: string },
) => {
  requirePlantAdmin(caller);
  await withTransaction(db, async (tx) => {
    const current = await lockBanner(tx, caller, id);
    requireAudience(caller, fields.plants);
    await requireImage(tx, fields.imageId);
    const values = columnsOf(fields);
    await tx
      .update(banners)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(banners.id, id));
    const before = columnsOf({
      ...current,
      link: current.link ?? undefined,
      endsOn: current.endsOn ?? undefined,
    });
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
      (key) => JSON.stringify(values[key]) !== JSON.stringify(before[key]),
    );
    await recordAudit(tx, {
      actor: caller,
      action: 'banner.update',
      subject: { type: 'banner', id },
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, values[key]])),
      requestId,
    });
  });
};

export const withdrawBanner = async (db: Db, caller: Caller, { id, requestId }: { id: number; requestId: string }) => {
  requirePlantAdmin(caller);
  await withTransaction(db, async (tx) => {
    const current = await lockBanner(tx, caller, id);
    await tx
      .update(banners)
      .set({ withdrawnAt: sql`now()`, withdrawnBy: caller.id, updatedAt: sql`now()` })
      .where(eq(banners.id, id));
    await recordAudit(tx, {
      actor: caller,
      action: 'banner.withdraw',
      subject: { type: 'banner', id },
      before: { title: current.title, plants: current.plants, status: 'published' },
      after: { status: 'withdrawn' },
      requestId,
    });
  });
};

// ——— The app ———

/** Home/GetBannerList: the banners live today for the caller's plant (or the whole company), in order. */
export const liveBanners = async (db: Db, caller: Pick<Caller, 'bu'>): Promise<Banner[]> => {
  const rows = await db
    .select({
      id: banners.id,
      title: banners.title,
      link: banners.link,
      jpegSha256: bannerImages.jpegSha256,
      webpSha256: bannerImages.webpSha256,
      width: bannerImages.servedWidth,
      height: bannerImages.servedHeight,
    })
    .from(banners)
    .innerJoin(bannerImages, eq(bannerImages.id, banners.imageId))
    .where(and(isLive, sql`(cardinality(${banners.plants}) = 0 or ${caller.bu} = any(${banners.plants}))`))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(({ jpegSha256, webpSha256, ...row }) => ({
    ...row,
    imageUrl: servedImagePath(jpegSha256, 'jpeg'),
    imageWebpUrl: servedImagePath(webpSha256, 'webp'),
  }));
};

/** A served size by its hash: the bytes, whoever asks (the address is the content's own hash). */
export const readServedImage = async (db: Db, sha256: string, format: ServedFormat) => {
  const column = format === 'webp' ? bannerImages.webp : bannerImages.jpeg;
  const hash = format === 'webp' ? bannerImages.webpSha256 : bannerImages.jpegSha256;
  const [row] = await db.select({ bytes: column }).from(bannerImages).where(eq(hash, sha256)).limit(1);
  if (!row) throw new BusinessError('BANNER_IMAGE_NOT_FOUND_SERVED');
  return row.bytes;
};
