// Training media in MEDIA_DIR: which file an address names, for whom (a study material only for those it is
// assigned to), and the byte range a request asks for. routes.ts sends them.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { type Caller, hasRole } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { studyAssignments, trainingMaterials } from '../../db/schema/index';

export const GUIDE_FILE = 'onboarding-guide.pdf';

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

const MEDIA_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{1,5})$/;

/**
 * The file of a ready material the caller is assigned, or manages in the console (HR of its plant; the whole
 * company's: the SysAdmin), relative to MEDIA_DIR; undefined when there is none.
 */
const findMaterialFile = async (db: Db, caller: Caller, mediaKey: string) => {
  const [row] = await db
    .select({ fileName: trainingMaterials.fileName, bu: trainingMaterials.bu, assignee: studyAssignments.employeeId })
    .from(trainingMaterials)
    .leftJoin(
      studyAssignments,
      and(eq(studyAssignments.materialId, trainingMaterials.id), eq(studyAssignments.employeeId, caller.id)),
    )
    .where(and(eq(trainingMaterials.mediaKey, mediaKey), eq(trainingMaterials.state, 'ready')))
    .limit(1);
  if (!row) return undefined;
  const isManager =
    (hasRole(caller, 'HRAdmin') || hasRole(caller, 'SysAdmin')) &&
    (row.bu === null ? hasRole(caller, 'SysAdmin') : caller.adminPlants.has(row.bu));
  return row.assignee !== null || isManager ? row.fileName : undefined;
};

export { type ByteRange, parseRange } from '../../lib/byte-range';

export type MediaFile = { file: string; size: number; etag: string; modifiedAt: Date; contentType: string };

/** A file of MEDIA_DIR, never outside it; refuses one that is not there. */
export const statMediaFile = async (mediaDir: string, fileName: string): Promise<MediaFile> => {
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, fileName);
  if (!file.startsWith(`${root}${path.sep}`)) throw new BusinessError('MEDIA_NOT_FOUND');
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new BusinessError('MEDIA_NOT_FOUND');
  return {
    file,
    size: info.size,
    etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    modifiedAt: info.mtime,
    contentType: CONTENT_TYPES[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream',
  };
};

/** The file of a study material at `/api/media/<key>.<ext>`, when the caller is assigned the material. */
export const findMaterialMedia = async (db: Db, caller: Caller, name: string) => {
  const match = MEDIA_NAME.exec(name);
  if (!match) throw new BusinessError('MEDIA_NOT_FOUND');
  const fileName = await findMaterialFile(db, caller, match[1] as string);
  if (!fileName || path.extname(fileName).slice(1).toLowerCase() !== match[2]) {
    throw new BusinessError('MEDIA_NOT_FOUND');
  }
  return fileName;
};
