// 学习资料 in the console: the videos and documents HR uploads for a plant (the bytes by tus, tus-upload.ts),
// read by their content when the last byte arrived, made playable in the background (worker.ts), listed,
// renamed and deleted by HR of their plant (the whole company's, without a plant, by the SysAdmin). Every write is
// one transaction with its audit row.
import { randomUUID } from 'node:crypto';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MaterialRow, MaterialState } from '@ess/contract/materials';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { employees, studyAssignments, trainingMaterials } from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';
import { MATERIAL_SNIFF_BYTES, MATERIAL_ZIP_TAIL_BYTES, type MaterialFileKind, sniffMaterial } from '../files/service';
import { readVideoSeconds } from '../training/service';
import type { MediaTools } from './media-tools';
import { managedBy, mayManageMaterial } from './scope';

/** What the dashboard shows of the assignments, read as the assignments' drawer reads them. */
export { assignmentProgress, latestLiveAssignment, remindDueTomorrow } from './assignments';
export { managedBy, mayManageMaterial };

/** Partial uploads (the tus store), relative to MEDIA_DIR. */
export const UPLOADS_DIR = 'uploads';
/** Ready materials, `<media key>.<mp4|pdf>`, relative to MEDIA_DIR. */
export const MATERIALS_DIR = 'materials';

export type MaterialDeps = { db: Db; mediaDir: string; tools: MediaTools };

/** The words HR reads when a file cannot become a material. */
export const MATERIAL_MESSAGES = {
  wrongType:
    '文件类型不支持：请上传视频（MP4、AVI、WMV、MPG、MPEG、MKV）、PDF 或 Office 文档（Word、Excel、PowerPoint）',
  unknownContent:
    '无法识别文件内容：它不是视频（MP4、AVI、WMV、MPG、MPEG、MKV）、PDF 或 Office 文档，可能已损坏或扩展名有误，请检查后重新上传',
  needMp4: '本服务器无法转换视频格式，请上传 H.264 视频、AAC 音频编码的 MP4 文件（H.264/AAC 的 MP4）',
  needPdf: '本服务器无法转换 Office 文档，请在电脑上另存为 PDF 后上传（请上传 PDF）',
  unreadableVideo: '无法读取视频内容，文件可能已损坏或不完整，请检查后重新上传（建议上传 H.264/AAC 的 MP4）',
  videoConversionFailed: '视频转换失败：文件可能已损坏或编码不受支持，请上传 H.264/AAC 编码的 MP4 文件',
  documentConversionFailed: '文档转换失败：文件可能已损坏或受密码保护，请在电脑上另存为 PDF 后上传',
} as const;

const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'avi', 'wmv', 'mpg', 'mpeg', 'mkv']);
const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']);

const extensionOf = (fileName: string) => path.extname(fileName).slice(1).toLowerCase();

/**
 * What a file name promises, checked before any byte is stored: a type no material can be, or one this machine
 * cannot convert, is refused at once (HR does not wait for 500 MB to hear it). Its content decides later.
 */
export const refusalByName = (tools: MediaTools, fileName: string): string | undefined => {
  const extension = extensionOf(fileName);
  if (VIDEO_EXTENSIONS.has(extension)) {
    return extension === 'mp4' || extension === 'm4v' || tools.ffmpeg ? undefined : MATERIAL_MESSAGES.needMp4;
  }
  if (extension === 'pdf') return undefined;
  if (OFFICE_EXTENSIONS.has(extension)) return tools.soffice ? undefined : MATERIAL_MESSAGES.needPdf;
  return MATERIAL_MESSAGES.wrongType;
};

/** Where a ready material plays or opens (the media route lets HR of its plant look too). */
export const materialUrl = (row: { mediaKey: string; fileName: string; state: string }) =>
  row.state === 'ready' && row.fileName ? `/api/media/${row.mediaKey}.${extensionOf(row.fileName)}` : null;

const assignedCount = sql<number>`(select count(*) from ${studyAssignments}
  where ${studyAssignments.materialId} = ${trainingMaterials.id})`.mapWith(Number);

const rowColumns = {
  id: trainingMaterials.id,
  name: trainingMaterials.name,
  bu: trainingMaterials.bu,
  kind: trainingMaterials.kind,
  state: trainingMaterials.state,
  progress: trainingMaterials.progress,
  failureMessage: trainingMaterials.failureMessage,
  originalFileName: trainingMaterials.originalFileName,
  sizeBytes: trainingMaterials.sizeBytes,
  durationSeconds: trainingMaterials.durationSeconds,
  uploaderName: sql<string>`coalesce(${employees.name}, '')`,
  assignedCount,
  mediaKey: trainingMaterials.mediaKey,
  fileName: trainingMaterials.fileName,
  createdAt: shanghaiTime(trainingMaterials.createdAt),
  updatedAt: shanghaiTime(trainingMaterials.updatedAt),
};

const toRow = ({ mediaKey, fileName, ...row }: { mediaKey: string; fileName: string } & Omit<MaterialRow, 'url'>) => ({
  ...row,
  url: materialUrl({ mediaKey, fileName, state: row.state }),
});

const selectRows = (db: Executor) =>
  db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(trainingMaterials)
    .leftJoin(employees, eq(employees.id, trainingMaterials.uploadedBy));

/** The materials the caller manages, newest first, by plant and state. */
export const listMaterials = async (
  db: Db,
  caller: Caller,
  { bu, state, page, pageSize }: { bu?: string; state?: MaterialState; page: number; pageSize: number },
) => {
  requirePlantAdmin(caller, bu);
  const rows = await selectRows(db)
    .where(
      and(
        managedBy(caller),
        bu ? eq(trainingMaterials.bu, bu) : undefined,
        state ? eq(trainingMaterials.state, state) : undefined,
      ),
    )
    .orderBy(desc(trainingMaterials.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map(({ total: _total, ...row }) => toRow(row)),
    totalCount: rows[0]?.total ?? 0,
  };
};

export const getMaterial = async (db: Db, caller: Caller, id: number) => {
  requirePlantAdmin(caller);
  const [row] = await selectRows(db).where(and(eq(trainingMaterials.id, id), managedBy(caller)));
  if (!row) throw new BusinessError('MATERIAL_NOT_FOUND');
  const { total: _total, ...rest } = row;
  return toRow(rest);
};

/** A material the caller manages, locked for a change; another plant's is as absent as none. */
const loadManaged = async (tx: Executor, caller: Caller, id: number) => {
  requirePlantAdmin(caller);
  const [row] = await tx.select().from(trainingMaterials).where(eq(trainingMaterials.id, id)).for('update');
  if (!row || !mayManageMaterial(caller, row.bu)) throw new BusinessError('MATERIAL_NOT_FOUND');
  return row;
};

export const renameMaterial = async (
  db: Db,
  caller: Caller,
  { id, name, requestId }: { id: number; name: string; requestId: string },
) => {
  await withTransaction(db, async (tx) => {
    const row = await loadManaged(tx, caller, id);
    if (row.name === name) return;
    await tx.update(trainingMaterials).set({ name, updatedAt: sql`now()` }).where(eq(trainingMaterials.id, id));
    await recordAudit(tx, {
      actor: caller,
      action: 'material.rename',
      subject: { type: 'material', id },
      before: { name: row.name },
      after: { name },
      requestId,
    });
  });
};

/** The files a material holds in MEDIA_DIR: its ready file, and the partial upload with tus's description of it. */
const filesOf = (mediaDir: string, row: { fileName: string; uploadId: string | null }) => [
  ...(row.fileName ? [path.join(mediaDir, row.fileName)] : []),
  ...(row.uploadId
    ? ['', '.json', '.out'].map((suffix) => path.join(mediaDir, UPLOADS_DIR, `${row.uploadId}${suffix}`))
    : []),
];

const removeFiles = async (files: string[]) => {
  await Promise.all(files.map((file) => rm(file, { force: true })));
};

/**
 * Deletes a material and its files, refused while it is assigned to anyone: their study items and records refer
 * to it (the rows would go with it), so HR withdraws the assignment first.
 */
export const deleteMaterial = async (
  { db, mediaDir }: Pick<MaterialDeps, 'db' | 'mediaDir'>,
  caller: Caller,
  { id, requestId }: { id: number; requestId: string },
) => {
  await withTransaction(db, async (tx, afterCommit) => {
    const row = await loadManaged(tx, caller, id);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(studyAssignments)
      .where(eq(studyAssignments.materialId, id));
    if (count > 0) throw new BusinessError('MATERIAL_ASSIGNED', { count });
    await tx.delete(trainingMaterials).where(eq(trainingMaterials.id, id));
    await recordAudit(tx, {
      actor: caller,
      action: 'material.delete',
      subject: { type: 'material', id },
      before: { name: row.name, bu: row.bu, fileName: row.originalFileName, state: row.state },
      requestId,
    });
    afterCommit(() => removeFiles(filesOf(mediaDir, row)), 'material files');
  });
};

// ——— the upload's life ———

/** The row of an upload as it begins: 上传中, audited as HR's upload. */
export const createUploadingMaterial = async (
  db: Db,
  caller: Caller,
  upload: { uploadId: string; name: string; bu: string; originalFileName: string; sizeBytes: number | undefined },
) => {
  await withTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(trainingMaterials)
      .values({
        name: upload.name,
        fileName: '',
        bu: upload.bu,
        kind: VIDEO_EXTENSIONS.has(extensionOf(upload.originalFileName)) ? 'video' : 'document',
        state: 'uploading',
        originalFileName: upload.originalFileName,
        sizeBytes: upload.sizeBytes ?? null,
        uploadedBy: caller.id,
        uploadId: upload.uploadId,
      })
      .returning({ id: trainingMaterials.id });
    if (!created) throw new Error('the material row was not inserted');
    await recordAudit(tx, {
      actor: caller,
      action: 'material.upload',
      subject: { type: 'material', id: created.id },
      after: { name: upload.name, bu: upload.bu, fileName: upload.originalFileName, sizeBytes: upload.sizeBytes },
    });
  });
};

/** The material an upload's address names, for the access check of its PATCH, HEAD and DELETE. */
export const findUpload = async (db: Db, uploadId: string) => {
  const [row] = await db
    .select({ id: trainingMaterials.id, bu: trainingMaterials.bu, state: trainingMaterials.state })
    .from(trainingMaterials)
    .where(eq(trainingMaterials.uploadId, uploadId));
  return row;
};

/** A PATCH arrived: the upload is alive (housekeeping removes those silent for a day). */
export const touchUpload = async (db: Db, uploadId: string) => {
  await db
    .update(trainingMaterials)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(trainingMaterials.uploadId, uploadId), eq(trainingMaterials.state, 'uploading')));
};

/** HR ended an upload (tus DELETE): the row goes with its bytes. */
export const forgetUpload = async (db: Db, uploadId: string) => {
  await db
    .delete(trainingMaterials)
    .where(and(eq(trainingMaterials.uploadId, uploadId), eq(trainingMaterials.state, 'uploading')));
};

/** What a file is by its first bytes, and of a zip by its last (its central directory); never the whole file. */
const sniffFile = async (file: string): Promise<MaterialFileKind | undefined> => {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, MATERIAL_SNIFF_BYTES));
    await handle.read(head, 0, head.length, 0);
    if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) return sniffMaterial(head);
    const tailStart = Math.max(0, size - MATERIAL_ZIP_TAIL_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    return sniffMaterial(head, { tail, tailStart });
  } finally {
    await handle.close();
  }
};

const markFailed = async (db: Executor, id: number, message: string) => {
  await db
    .update(trainingMaterials)
    .set({ state: 'failed', failureMessage: message, uploadId: null, workedAt: null, updatedAt: sql`now()` })
    .where(eq(trainingMaterials.id, id));
};

/** Moves a file into materials/ as `<key>.<extension>` and makes the material ready (when it is still there). */
export const makeReady = async (
  { db, mediaDir }: Pick<MaterialDeps, 'db' | 'mediaDir'>,
  row: { id: number; mediaKey: string },
  { from, extension, durationSeconds }: { from: string; extension: 'mp4' | 'pdf'; durationSeconds?: number },
) => {
  const fileName = `${MATERIALS_DIR}/${row.mediaKey}.${extension}`;
  await rename(from, path.join(mediaDir, fileName));
  const updated = await db
    .update(trainingMaterials)
    .set({
      state: 'ready',
      fileName,
      progress: 100,
      durationSeconds: durationSeconds ?? null,
      failureMessage: null,
      uploadId: null,
      workedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(trainingMaterials.id, row.id))
    .returning({ id: trainingMaterials.id });
  // HR deleted it while it was being converted: its file goes too.
  if (updated.length === 0) await removeFiles([path.join(mediaDir, fileName)]);
};

export type FinishOutcome = { refusal?: string; needsWork: boolean };

/**
 * The last byte arrived: what the file is, by its content. A PDF is ready at once; an MP4 is probed by the worker
 * (or, with no ffmpeg here, ready as it is when its length can be read); other videos and Office files go to the
 * worker, or are refused when nothing here converts them. A refused file is removed and its row says why.
 */
export const finishUpload = async (deps: MaterialDeps, uploadId: string): Promise<FinishOutcome> => {
  const { db, mediaDir, tools } = deps;
  const [row] = await db.select().from(trainingMaterials).where(eq(trainingMaterials.uploadId, uploadId));
  if (row?.state !== 'uploading') return { needsWork: false };
  const file = path.join(mediaDir, UPLOADS_DIR, uploadId);
  const refuse = async (message: string) => {
    await markFailed(db, row.id, message);
    await removeFiles(filesOf(mediaDir, { fileName: '', uploadId }));
    return { refusal: message, needsWork: false };
  };
  const found = await sniffFile(file);
  if (!found) return refuse(MATERIAL_MESSAGES.unknownContent);
  await db
    .update(trainingMaterials)
    .set({ kind: found.kind, updatedAt: sql`now()` })
    .where(eq(trainingMaterials.id, row.id));
  if (found.kind === 'document') {
    if (found.format === 'pdf') {
      await makeReady(deps, row, { from: file, extension: 'pdf' });
      await removeFiles([`${file}.json`]);
      return { needsWork: false };
    }
    if (!tools.soffice) return refuse(MATERIAL_MESSAGES.needPdf);
    await setState(db, row.id, 'converting');
    return { needsWork: true };
  }
  if (!tools.ffmpeg) {
    if (found.container !== 'mp4') return refuse(MATERIAL_MESSAGES.needMp4);
    // Nothing here reads the streams: an MP4 whose length can be read goes live as it is.
    const seconds = await readVideoSeconds(file);
    if (seconds === undefined) return refuse(MATERIAL_MESSAGES.unreadableVideo);
    await makeReady(deps, row, { from: file, extension: 'mp4', durationSeconds: seconds });
    await removeFiles([`${file}.json`]);
    return { needsWork: false };
  }
  await setState(db, row.id, 'checking');
  return { needsWork: true };
};

const setState = async (db: Executor, id: number, state: MaterialState) => {
  await db
    .update(trainingMaterials)
    .set({ state, progress: 0, updatedAt: sql`now()` })
    .where(eq(trainingMaterials.id, id));
};

/**
 * Housekeeping: uploads silent for a day (HR closed the page, the Wi-Fi never came back) go with their bytes, and
 * so do files in uploads/ no material refers to any more.
 */
export const deleteStaleUploads = async ({ db, mediaDir }: Pick<MaterialDeps, 'db' | 'mediaDir'>) => {
  const gone = await db
    .delete(trainingMaterials)
    .where(
      and(eq(trainingMaterials.state, 'uploading'), sql`${trainingMaterials.updatedAt} < now() - interval '1 day'`),
    )
    .returning({ uploadId: trainingMaterials.uploadId });
  await removeFiles(gone.flatMap((row) => filesOf(mediaDir, { fileName: '', uploadId: row.uploadId })));
  const dir = path.join(mediaDir, UPLOADS_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => undefined);
    if (!info || info.mtimeMs >= Date.now() - 24 * 3600 * 1000) continue;
    // A conversion's working folder a stopped server left behind.
    if (info.isDirectory()) await rm(path.join(dir, name), { recursive: true, force: true });
    else old.push(name.replace(/\.(json|out)$/, ''));
  }
  if (old.length === 0) return;
  const ids = [...new Set(old)];
  const kept = await db
    .select({ uploadId: trainingMaterials.uploadId })
    .from(trainingMaterials)
    .where(inArray(trainingMaterials.uploadId, ids));
  const keep = new Set(kept.map((row) => row.uploadId));
  await removeFiles(
    ids.filter((id) => !keep.has(id)).flatMap((id) => filesOf(mediaDir, { fileName: '', uploadId: id })),
  );
};

export const newUploadId = () => randomUUID().replaceAll('-', '');
export { markFailed };
