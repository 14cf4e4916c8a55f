// Uploaded files: stored with their bytes in PostgreSQL, read back only by whoever may see them, attached to the
// records that use them, and removed a day after an upload nothing came to use.
import { createHash } from 'node:crypto';
import { FILE_PATH } from '@ess/contract/files';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { audienceIncludes, isLiveNow, managedByCaller } from '../../core/audience';
import { type Caller, hasRole } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { announcements, candidates, employees, files, proposals } from '../../db/schema/index';
import type { Executor } from '../../db/transaction';
import {
  ALLOWED_KINDS,
  cleanFileName,
  describeKinds,
  type FileKind,
  MAX_UPLOAD_BYTES,
  type StoredUploadType,
  sniffKind,
} from './file-kinds';

/** What a file is by its first bytes, for the modules that take pictures of their own (banners, the logo). */
export {
  cleanFileName,
  type DocumentFormat,
  MATERIAL_SNIFF_BYTES,
  MATERIAL_ZIP_TAIL_BYTES,
  type MaterialFileKind,
  sniffKind,
  sniffMaterial,
  type VideoContainer,
} from './file-kinds';
/** The most one upload may weigh, for the modules that take uploads of their own. */
export { MAX_UPLOAD_BYTES };

/** A file's address as the API gives it out and records keep it. */
export const filePathOf = (id: string) => `/api/files/${id}`;
export const fileIdOf = (path: string | null | undefined) =>
  path && FILE_PATH.test(path) ? path.slice(11) : undefined;

export type Upload = { bytes: Buffer; originalName?: string };

/** Checks an upload by its content and stores it; answers its address. */
export const storeFile = async (
  db: Executor,
  { owner, upType, upload }: { owner: Pick<Caller, 'id'> | undefined; upType: StoredUploadType; upload: Upload },
): Promise<{ id: string; path: string; kind: FileKind }> => {
  const { bytes } = upload;
  if (bytes.length === 0) throw new BusinessError('UPLOAD_EMPTY');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new BusinessError('UPLOAD_TOO_LARGE', { max: MAX_UPLOAD_BYTES >> 20 });
  const allowed = ALLOWED_KINDS[upType];
  const kind = sniffKind(bytes);
  if (!kind || !allowed.includes(kind)) throw new BusinessError('UPLOAD_WRONG_KIND', { kinds: describeKinds(allowed) });
  const [stored] = await db
    .insert(files)
    .values({
      ownerId: owner?.id ?? null,
      upType,
      kind,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      originalName: cleanFileName(upload.originalName),
      bytes,
    })
    .returning({ id: files.id });
  if (!stored) throw new Error('the file was not stored');
  return { id: stored.id, path: filePathOf(stored.id), kind };
};

export type StoredFile = { kind: FileKind; upType: string; originalName: string; bytes: Buffer };

/** A file a public form sent (a proposal's picture, a candidate's resume) to a plant the caller administers. */
const isSubmissionFileOfAdmin = async (db: Db, caller: Caller, id: string) => {
  if (!hasRole(caller, 'HRAdmin') && !hasRole(caller, 'SysAdmin')) return false;
  const plants = [...caller.adminPlants];
  if (plants.length === 0) return false;
  const [found] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.fileId, id), inArray(proposals.bu, plants)))
    .unionAll(
      db
        .select({ id: candidates.id })
        .from(candidates)
        .where(and(eq(candidates.fileId, id), inArray(candidates.bu, plants))),
    )
    .limit(1);
  return found !== undefined;
};

/**
 * A picture or the attachment of a notice (公告): for those it reaches while it is live, and for the HR who manage it
 * (every plant of it theirs; a company-wide one a SysAdmin's).
 */
const isAnnouncementFileFor = async (db: Db, caller: Caller, id: string) => {
  const [found] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .innerJoin(employees, eq(employees.id, caller.id))
    .where(
      and(
        sql`${id}::uuid = any(${announcements.fileIds})`,
        sql`(${managedByCaller(caller, announcements.plants)}
          or (${isLiveNow(announcements)} and ${audienceIncludes(announcements)}))`,
      ),
    )
    .limit(1);
  return found !== undefined;
};

/**
 * The file, when the caller may see it: its owner, the reviewers (AppVerify), who decide on the records the
 * files belong to, the audience of a notice for its pictures, and HR for what the public forms sent to its plants (anonymous uploads have no owner, so
 * nobody else, and nobody without a token, reads them). Anyone else learns nothing, not even that it exists.
 */
export const readFile = async (db: Db, caller: Caller, id: string): Promise<StoredFile> => {
  const [row] = await db
    .select({
      ownerId: files.ownerId,
      kind: files.kind,
      upType: files.upType,
      originalName: files.originalName,
      bytes: files.bytes,
    })
    .from(files)
    .where(eq(files.id, id));
  const mayRead =
    row &&
    (row.ownerId === caller.id ||
      (row.ownerId !== null && hasRole(caller, 'AppVerify')) ||
      (row.upType === 'NOTICE'
        ? await isAnnouncementFileFor(db, caller, id)
        : await isSubmissionFileOfAdmin(db, caller, id)));
  if (!row || !mayRead) throw new BusinessError('FILE_NOT_FOUND');
  return { kind: row.kind as FileKind, upType: row.upType, originalName: row.originalName, bytes: row.bytes };
};

/** A use of a file the caller names: the file and the kinds the use takes (a scan must be a picture). */
export type FileRule = { id: string; kinds: FileKind[] };

/** The rules of the uses that name a stored file (a use without one names nothing). */
export const fileRulesOf = (uses: { path: string | undefined; upTypes: readonly StoredUploadType[] }[]): FileRule[] =>
  uses.flatMap(({ path, upTypes }) => {
    const id = fileIdOf(path);
    return id ? [{ id, kinds: [...new Set(upTypes.flatMap((upType) => ALLOWED_KINDS[upType]))] }] : [];
  });

/**
 * Marks the caller's own files as used by a record or a change request, so housekeeping keeps them; refuses a
 * path that is not one of the caller's files or not of a kind the use takes.
 */
export const attachFiles = async (
  tx: Executor,
  caller: Pick<Caller, 'id'>,
  uses: { path: string | undefined; upTypes: readonly StoredUploadType[] }[],
) => {
  const rules = fileRulesOf(uses);
  if (rules.length === 0) return;
  const ids = [...new Set(rules.map(({ id }) => id))];
  const owned = await tx
    .update(files)
    .set({ attachedAt: sql`coalesce(${files.attachedAt}, now())` })
    .where(and(inArray(files.id, ids), eq(files.ownerId, caller.id)))
    .returning({ id: files.id, kind: files.kind });
  const kindOf = new Map(owned.map((row) => [row.id, row.kind as FileKind]));
  for (const { id, kinds } of rules) {
    const kind = kindOf.get(id);
    if (!kind || !kinds.includes(kind)) throw new BusinessError('FILE_NOT_USABLE');
  }
};

/**
 * Marks the upload a public form sends with its submission as used: an anonymous upload (or the signed-in
 * sender's own) of the form's kind, not used by anything yet, so an upload serves one submission only.
 */
export const attachSubmissionFile = async (
  tx: Executor,
  { path, upType, caller }: { path: string; upType: StoredUploadType; caller: Pick<Caller, 'id'> | undefined },
): Promise<string> => {
  const id = fileIdOf(path);
  if (!id) throw new BusinessError('FILE_NOT_USABLE');
  const owner = caller ? sql`(${files.ownerId} is null or ${files.ownerId} = ${caller.id})` : isNull(files.ownerId);
  const [attached] = await tx
    .update(files)
    .set({ attachedAt: sql`now()` })
    .where(and(eq(files.id, id), isNull(files.attachedAt), eq(files.upType, upType), owner))
    .returning({ id: files.id });
  if (!attached) throw new BusinessError('FILE_NOT_USABLE');
  return attached.id;
};

/** Uploads nothing came to use within a day: a picture chosen and then abandoned. */
export const deleteUnattachedFiles = async (db: Executor) => {
  await db.delete(files).where(and(isNull(files.attachedAt), sql`${files.createdAt} < now() - interval '1 day'`));
};
