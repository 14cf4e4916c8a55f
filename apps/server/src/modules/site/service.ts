// 公司信息: the company's face, set by the SysAdmin without a rebuild. One row of settings (company name, the app's
// short title, the logo, the copyright line, the ICP filing number, the plants' display names) and the departments'
// display names; read by anyone (the sign-in page, before a session) as the face, which holds nothing about any
// person, and saved by the SysAdmin as a whole form in one transaction with its audit row. Logos are uploaded
// first (checked by their bytes, PNG, JPEG or WebP only: an SVG can carry script), kept by the SHA-256 of their
// bytes, which is their public address, and served for a year from it.
import { createHash } from 'node:crypto';
import { PLANTS, type Plant } from '@ess/contract/plants';
import { LOGO_MAX_BYTES, type SiteFace, type SiteSettings, type saveSiteSettingsRequest } from '@ess/contract/site';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit';
import { type Caller, requireRole } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { departmentNames, employees, siteLogos, siteSettings } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';
import { sniffKind } from '../files/service';

/** The kinds a logo may be, with the extension of its address and the type it is served as. */
export const LOGO_KINDS = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  webp: { extension: 'webp', contentType: 'image/webp' },
} as const;
type LogoKind = keyof typeof LOGO_KINDS;
const isLogoKind = (kind: string | undefined): kind is LogoKind =>
  kind !== undefined && Object.hasOwn(LOGO_KINDS, kind);

const logoUrlOf = (sha256: string, kind: string) =>
  `/api/site/logo/${sha256}.${isLogoKind(kind) ? LOGO_KINDS[kind].extension : 'png'}`;

/** Only the codes of the plants the company has, whatever the column holds. */
const knownPlantNames = (names: Record<string, string> | null | undefined): Partial<Record<Plant, string>> =>
  Object.fromEntries(PLANTS.flatMap((plant) => (names?.[plant] ? [[plant, names[plant]]] : [])));

const readSettingsRow = (db: Executor) =>
  db
    .select({
      companyName: siteSettings.companyName,
      appTitle: siteSettings.appTitle,
      copyright: siteSettings.copyright,
      icpFiling: siteSettings.icpFiling,
      logoSha256: siteSettings.logoSha256,
      logoKind: siteLogos.kind,
      plantNames: siteSettings.plantNames,
      version: siteSettings.version,
      updatedAt: shanghaiTime(siteSettings.updatedAt),
      updatedBy: employees.name,
    })
    .from(siteSettings)
    .leftJoin(siteLogos, eq(siteLogos.sha256, siteSettings.logoSha256))
    .leftJoin(employees, eq(employees.id, siteSettings.updatedBy))
    .where(eq(siteSettings.id, 1));

/** The face everyone reads: '' where nothing is set (the app's defaults, no line). Public: nothing of a person. */
export const getSiteFace = async (db: Db): Promise<SiteFace> => {
  const [row] = await readSettingsRow(db);
  return {
    companyName: row?.companyName ?? '',
    appTitle: row?.appTitle ?? '',
    logoUrl: row?.logoSha256 && row.logoKind ? logoUrlOf(row.logoSha256, row.logoKind) : null,
    copyright: row?.copyright ?? '',
    icpFiling: row?.icpFiling ?? '',
    plantNames: knownPlantNames(row?.plantNames),
  };
};

/** The face's validator for caches: the same answer, the same tag. */
export const faceTag = (face: SiteFace) =>
  `"${createHash('sha256').update(JSON.stringify(face)).digest('base64url').slice(0, 22)}"`;

const departmentKey = (bu: string, deptName: string) => `${bu}\u0000${deptName}`;

/**
 * Every department of every plant for the form: those the plant's employees (not those who left) are in, with how
 * many, and those only a display name remembers (no one is in them any more), plant by plant.
 */
const listDepartments = async (db: Db): Promise<SiteSettings['departments']> => {
  const [inUse, named] = await Promise.all([
    db
      .select({ bu: employees.bu, deptName: employees.deptName, employees: sql<number>`count(*)::int` })
      .from(employees)
      .where(and(ne(employees.deptName, ''), sql`${employees.leftOn} is null`))
      .groupBy(employees.bu, employees.deptName),
    db.select().from(departmentNames),
  ]);
  const byKey = new Map<string, SiteSettings['departments'][number]>();
  for (const row of inUse) byKey.set(departmentKey(row.bu, row.deptName), { ...row, displayName: '' });
  for (const row of named) {
    const key = departmentKey(row.bu, row.deptName);
    const found = byKey.get(key);
    byKey.set(key, {
      bu: row.bu,
      deptName: row.deptName,
      employees: found?.employees ?? 0,
      displayName: row.displayName,
    });
  }
  const plantOrder = (bu: string) => {
    const index = (PLANTS as readonly string[]).indexOf(bu);
    return index < 0 ? PLANTS.length : index;
  };
  return [...byKey.values()].sort(
    (a, b) =>
      plantOrder(a.bu) - plantOrder(b.bu) || a.bu.localeCompare(b.bu) || a.deptName.localeCompare(b.deptName, 'zh-CN'),
  );
};

/** The SysAdmin's form: the face as stored, the logo by its id, the departments of every plant. */
export const getSiteSettings = async (db: Db, caller: Caller): Promise<SiteSettings> => {
  requireRole(caller, 'SysAdmin');
  const [[row], departments] = await Promise.all([readSettingsRow(db), listDepartments(db)]);
  return {
    version: row?.version ?? 0,
    companyName: row?.companyName ?? '',
    appTitle: row?.appTitle ?? '',
    copyright: row?.copyright ?? '',
    icpFiling: row?.icpFiling ?? '',
    logo: row?.logoSha256 && row.logoKind ? { id: row.logoSha256, url: logoUrlOf(row.logoSha256, row.logoKind) } : null,
    plantNames: knownPlantNames(row?.plantNames),
    departments,
    updatedAt: row ? row.updatedAt : null,
    updatedBy: row?.updatedBy ?? '',
  };
};

/**
 * Keeps an uploaded logo for the form's save: PNG, JPEG or WebP by its bytes, at most LOGO_MAX_BYTES. Nothing anyone
 * sees changes until a save uses it (that save is the audited change); logos no save uses go after a day.
 */
export const uploadSiteLogo = async (db: Db, caller: Caller, bytes: Buffer) => {
  requireRole(caller, 'SysAdmin');
  if (bytes.length === 0) throw new BusinessError('UPLOAD_EMPTY');
  if (bytes.length > LOGO_MAX_BYTES) throw new BusinessError('UPLOAD_TOO_LARGE_KB', { max: LOGO_MAX_BYTES >> 10 });
  const kind = sniffKind(bytes);
  if (!isLogoKind(kind)) throw new BusinessError('SITE_LOGO_WRONG_KIND');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db
    .insert(siteLogos)
    .values({ sha256, kind, size: bytes.length, bytes, uploadedBy: caller.id })
    .onConflictDoNothing();
  return { id: sha256, url: logoUrlOf(sha256, kind) };
};

/** A logo by its address's name (`<sha256>.<ext>`): any logo kept, so that a face read a moment ago still shows. */
export const readSiteLogo = async (db: Db, name: string) => {
  const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(name);
  if (!match) return undefined;
  const [row] = await db
    .select({ kind: siteLogos.kind, bytes: siteLogos.bytes })
    .from(siteLogos)
    .where(eq(siteLogos.sha256, match[1] as string));
  if (!row || !isLogoKind(row.kind) || LOGO_KINDS[row.kind].extension !== match[2]) return undefined;
  return { contentType: LOGO_KINDS[row.kind].contentType, bytes: row.bytes };
};

/** Logos uploaded more than a day ago that the face does not use (hourly housekeeping, and every save). */
export const deleteUnusedLogos = async (db: Executor) => {
  await db.execute(sql`
    delete from site_logos l
    where l.created_at < now() - interval '1 day'
      and not exists (select 1 from site_settings s where s.logo_sha256 = l.sha256)`);
};

type SaveInput = z.output<typeof saveSiteSettingsRequest> & { requestId: string };
type Stored = {
  companyName: string;
  appTitle: string;
  copyright: string;
  icpFiling: string;
  logo: string;
  plantNames: Record<string, string>;
  departmentNames: Record<string, string>;
};

/** How the audit log names a department: the plant and the department as the records name it. */
const auditDepartment = (bu: string, deptName: string) => `${bu} ${deptName}`;

/** The fields that differ, before and after: the audit row says what the save changed and nothing else. */
const changedFields = (before: Stored, after: Stored) => {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof Stored)[]) {
    const [a, b] = [before[key], after[key]];
    if (typeof a === 'string' || typeof b === 'string') {
      if (a !== b) [was[key], now[key]] = [a, b];
      continue;
    }
    // Maps (plants, departments): only the entries that changed, '' where there was none or is none now.
    const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => a[name] !== b[name]);
    if (names.length === 0) continue;
    was[key] = Object.fromEntries(names.map((name) => [name, a[name] ?? '']));
    now[key] = Object.fromEntries(names.map((name) => [name, b[name] ?? '']));
  }
  return { before: was, after: now };
};

/**
 * The SysAdmin's save of the whole form, against the version it was read at (another save in between refuses it):
 * the settings row and the departments' names replaced, in one transaction with one audit row of what changed.
 */
export const saveSiteSettings = async (db: Db, caller: Caller, input: SaveInput) => {
  requireRole(caller, 'SysAdmin');
  const plantNames = knownPlantNames(input.plantNames as Record<string, string>);
  const wantedDepartments = new Map<string, { bu: string; deptName: string; displayName: string }>();
  for (const department of input.departmentNames) {
    const key = departmentKey(department.bu, department.deptName);
    // A name the same as the records' is no display name.
    if (department.displayName && department.displayName !== department.deptName) {
      wantedDepartments.set(key, department);
    } else wantedDepartments.delete(key);
  }
  return withTransaction(db, async (tx) => {
    // The row exists from the first save on; made here so that it can be locked like any later one.
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    if (!row) throw new Error('the settings row was not made');
    if (row.version !== input.version) throw new BusinessError('SITE_STALE');
    if (input.logo && input.logo !== row.logoSha256) {
      const [logo] = await tx
        .select({ sha256: siteLogos.sha256 })
        .from(siteLogos)
        .where(eq(siteLogos.sha256, input.logo));
      if (!logo) throw new BusinessError('SITE_LOGO_GONE');
    }
    const storedDepartments = await tx.select().from(departmentNames);
    const before: Stored = {
      companyName: row.companyName,
      appTitle: row.appTitle,
      copyright: row.copyright,
      icpFiling: row.icpFiling,
      logo: row.logoSha256 ?? '',
      plantNames: knownPlantNames(row.plantNames),
      departmentNames: Object.fromEntries(
        storedDepartments.map((item) => [auditDepartment(item.bu, item.deptName), item.displayName]),
      ),
    };
    const after: Stored = {
      companyName: input.companyName,
      appTitle: input.appTitle,
      copyright: input.copyright,
      icpFiling: input.icpFiling,
      logo: input.logo ?? '',
      plantNames,
      departmentNames: Object.fromEntries(
        [...wantedDepartments.values()].map((item) => [auditDepartment(item.bu, item.deptName), item.displayName]),
      ),
    };
    const changes = changedFields(before, after);
    if (Object.keys(changes.after).length === 0) throw new BusinessError('SITE_UNCHANGED');
    await tx
      .update(siteSettings)
      .set({
        companyName: after.companyName,
        appTitle: after.appTitle,
        copyright: after.copyright,
        icpFiling: after.icpFiling,
        logoSha256: input.logo,
        plantNames,
        version: row.version + 1,
        updatedAt: sql`now()`,
        updatedBy: caller.id,
      })
      .where(eq(siteSettings.id, 1));
    if ('departmentNames' in changes.after) {
      await tx.delete(departmentNames);
      if (wantedDepartments.size > 0) await tx.insert(departmentNames).values([...wantedDepartments.values()]);
    }
    await deleteUnusedLogos(tx);
    await recordAudit(tx, {
      actor: caller,
      action: 'site.update',
      subject: { type: 'site', id: 1 },
      ...changes,
      requestId: input.requestId,
    });
  });
};

/** The name people read for an employee's department: its display name when the SysAdmin set one. */
export const departmentDisplayName = async (db: Executor, bu: string, deptName: string) => {
  if (!deptName) return deptName;
  const [row] = await db
    .select({ displayName: departmentNames.displayName })
    .from(departmentNames)
    .where(and(eq(departmentNames.bu, bu), eq(departmentNames.deptName, deptName)));
  return row?.displayName || deptName;
};
