// The HR console's monthly data imports: upload, mapping, preview, commit, rollback, history (role HRAdmin, and
// only for the plants the caller administers).
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { CONSOLE_PAGE_SIZE, defineRoute, pagingFields, plant, yearMonth } from './common';
import { DATE_FORMATS, IMPORT_KINDS, IMPORT_STATUSES } from './import-kinds';

export * from './import-kinds';

const jobId = z.coerce
  .number({ error: '导入编号无效' })
  .int({ error: '导入编号无效' })
  .positive({ error: '导入编号无效' })
  .max(2_147_483_647, { error: '导入编号无效' });
export const importKind = z.enum(IMPORT_KINDS, { error: '导入类型无效' });

/** A column of the uploaded sheet: its header, where it was read from, and the field it is mapped to (or none). */
export const importColumn = z.object({
  index: z.number(),
  header: z.string(),
  /** The field key, or null when the column is not used. */
  field: z.string().nullable(),
  /** The clerk mapped it (remembered for the next month), not the header's name. */
  isManual: z.boolean(),
});

/** A value of a looked-up column the system does not know, once per distinct value, with the rows it is in. */
export const unknownValue = z.object({
  field: z.string(),
  label: z.string(),
  value: z.string(),
  count: z.number(),
  /** The first rows (spreadsheet row numbers) where it occurs. */
  rows: z.array(z.number()),
});

export const rejectedRow = z.object({ row: z.number(), reason: z.string() });

export const importJob = z.object({
  id: z.number(),
  bu: z.string(),
  kind: importKind,
  month: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** 0–100 within the current state. */
  progress: z.number(),
  fileName: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Why the job failed, or what it is doing. */
  message: z.string(),
  totalRows: z.number(),
  validRows: z.number(),
  rejectedRows: z.number(),
  columns: z.array(importColumn),
  /** Fields that must be mapped and are not: the job cannot be committed until they are. */
  missingFields: z.array(z.string()),
  dateFormats: z.record(z.string(), z.enum(DATE_FORMATS)),
  /** Value mappings in force: field → (value in the file → accepted value, or '' to skip those rows). */
  valueMap: z.record(z.string(), z.record(z.string(), z.string())),
  unknownValues: z.array(unknownValue),
  /** The first rejected rows (the whole list downloads as .xlsx). */
  rejected: z.array(rejectedRow),
  /** The first valid rows as they will be written (field → text). */
  preview: z.array(z.object({ row: z.number(), values: z.record(z.string(), z.string()) })),
  committedAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
  /** The payslip batch the rows went into (payslip imports). */
  batchId: z.number().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

export const importJobListItem = importJob.pick({
  id: true,
  bu: true,
  kind: true,
  month: true,
  status: true,
  progress: true,
  fileName: true,
  createdAt: true,
  createdBy: true,
  message: true,
  totalRows: true,
  validRows: true,
  rejectedRows: true,
  committedAt: true,
  rolledBackAt: true,
});
export type ImportJobListItem = z.infer<typeof importJobListItem>;

/** A file for the browser to save. */
export const download = z.object({ fileName: z.string(), contentBase64: z.string() });

const headerName = z.string().max(200, { error: '列名过长' });
const fieldKey = z.string().max(40, { error: '字段无效' });

export const importRoutes = {
  /** Multipart: bu, kind, month (monthly kinds), then the file (.xlsx, .xls or .csv). */
  uploadImport: defineRoute(ADDRESSES.uploadImport, {
    request: z.object({ bu: plant, kind: importKind, month: yearMonth.optional() }),
    data: z.object({ id: z.number() }),
  }),
  getImportJob: defineRoute(ADDRESSES.getImportJob, { request: z.object({ id: jobId }), data: importJob }),
  listImportJobs: defineRoute(ADDRESSES.listImportJobs, {
    request: z.object({
      bu: plant.optional().or(z.literal('').transform(() => undefined)),
      kind: importKind.optional().or(z.literal('').transform(() => undefined)),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(importJobListItem),
  }),
  /** The clerk's mapping: columns to fields, date formats, unknown values; the job is read and checked again. */
  remapImport: defineRoute(ADDRESSES.remapImport, {
    request: z.object({
      id: jobId,
      columns: z.record(headerName, fieldKey.or(z.literal('')), { error: '列映射无效' }).default({}),
      dateFormats: z.record(fieldKey, z.enum(DATE_FORMATS, { error: '日期格式无效' })).default({}),
      valueMap: z.record(fieldKey, z.record(z.string().max(200), z.string().max(40))).default({}),
    }),
    data: z.null(),
  }),
  commitImport: defineRoute(ADDRESSES.commitImport, { request: z.object({ id: jobId }), data: z.null() }),
  rollbackImport: defineRoute(ADDRESSES.rollbackImport, { request: z.object({ id: jobId }), data: z.null() }),
  getRejectedRows: defineRoute(ADDRESSES.getRejectedRows, { request: z.object({ id: jobId }), data: download }),
  getImportTemplate: defineRoute(ADDRESSES.getImportTemplate, {
    request: z.object({ kind: importKind }),
    data: download,
  }),
};
