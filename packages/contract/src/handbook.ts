// The employee handbook (员工手册) and the onboarding guide (入职指引), versioned and published by HR in the console:
// a version is a PDF with a label, an effective date and its plants (none: the whole company). The current version
// for an employee is the latest one (by effective date, then id) whose date has come on China's calendar and whose
// plants include theirs. Employees accept each handbook version (the spec's appReadStatus is "has accepted the
// current one"); the guide needs no acceptance. HR reads the acceptance rate per plant and department, who has not
// accepted, and exports it.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import {
  CONSOLE_PAGE_SIZE,
  defineRoute,
  ISO_DATE,
  jsonText,
  optionalFilter,
  pagingFields,
  plant,
  text,
} from './common';
import { download } from './imports';

export const DOCUMENT_KINDS = ['handbook', 'guide'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = { handbook: '员工手册', guide: '入职指引' };

/**
 * current: the current version of at least one of its plants; scheduled: its date has not come; superseded: a later
 * version replaced it in every plant; withdrawn: HR took it back (the one before is current again).
 */
export const VERSION_STATES = ['current', 'scheduled', 'superseded', 'withdrawn'] as const;
export type VersionState = (typeof VERSION_STATES)[number];
export const VERSION_STATE_LABELS: Record<VersionState, string> = {
  current: '当前',
  scheduled: '未生效',
  superseded: '已被替代',
  withdrawn: '已撤回',
};

/** The largest PDF a version may have. */
export const MAX_HANDBOOK_PDF_MB = 20;
export const LABEL_MAX_LENGTH = 40;

/** Where a version's PDF is read: its own signed-in address, the same bytes for ever (a new PDF is a new version). */
export const handbookPdfPath = (id: number) => `/api/handbook/${id}.pdf`;
export const HANDBOOK_PDF_PATH = /^\/api\/handbook\/(\d{1,9})\.pdf$/;

/** The current handbook version as the app shows it (the login answer, the profile). */
export const currentHandbook = z.object({
  id: z.number(),
  label: z.string(),
  effectiveDate: z.string(),
  url: z.string(),
});
export type CurrentHandbook = z.infer<typeof currentHandbook>;

/** One version in the console; times 'YYYY-MM-DD HH:mm' China time. */
export const handbookVersion = z.object({
  id: z.number(),
  kind: z.enum(DOCUMENT_KINDS),
  label: z.string(),
  effectiveDate: z.string(),
  /** Plant codes; empty: the whole company. */
  plants: z.array(z.string()),
  state: z.enum(VERSION_STATES),
  /** The plants (of the caller's) where it is the current version. */
  currentPlants: z.array(z.string()),
  fileName: z.string(),
  size: z.number(),
  url: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  withdrawnBy: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawReason: z.string(),
});
export type HandbookVersion = z.infer<typeof handbookVersion>;

/** Employees (not marked as left) of a plant's department, and how many of them accepted the version. */
export const acceptanceGroup = z.object({
  bu: z.string(),
  deptName: z.string(),
  employees: z.number(),
  accepted: z.number(),
});
export type AcceptanceGroup = z.infer<typeof acceptanceGroup>;

export const acceptanceSummary = z.object({
  id: z.number(),
  label: z.string(),
  /** The plants counted: the version's, of those the caller administers. */
  plants: z.array(z.string()),
  employees: z.number(),
  accepted: z.number(),
  groups: z.array(acceptanceGroup),
});
export type AcceptanceSummary = z.infer<typeof acceptanceSummary>;

export const pendingEmployee = z.object({
  id: z.number(),
  empNo: z.string(),
  name: z.string(),
  bu: z.string(),
  deptName: z.string(),
});
export type PendingEmployee = z.infer<typeof pendingEmployee>;

export const versionId = z.coerce
  .number({ error: '版本不存在' })
  .int({ error: '版本不存在' })
  .positive({ error: '版本不存在' })
  .max(2_147_483_647, { error: '版本不存在' });

const documentKind = z.enum(DOCUMENT_KINDS, { error: '文档类型无效' });

/** The plants of a version: JSON text of plant codes, `[]` for the whole company (multipart fields are text). */
export const versionPlants = jsonText(
  z
    .array(plant, { error: '请选择适用的工厂' })
    .max(16, { error: '工厂过多' })
    .refine((plants) => new Set(plants).size === plants.length, { error: '工厂重复' }),
);

export const handbookRoutes = {
  getHandbookVersions: defineRoute(ADDRESSES.getHandbookVersions, {
    request: z.object({ kind: documentKind, bu: optionalFilter(plant) }),
    data: z.array(handbookVersion),
  }),
  /** Multipart: kind, label, effectiveDate, plants (JSON text), then the PDF. */
  uploadHandbookVersion: defineRoute(ADDRESSES.uploadHandbookVersion, {
    request: z.object({
      kind: documentKind,
      label: text('版本名称', { missing: '请填写版本名称' })
        .trim()
        .min(1, { error: '请填写版本名称' })
        .max(LABEL_MAX_LENGTH, { error: `版本名称最多 ${LABEL_MAX_LENGTH} 字` }),
      effectiveDate: z
        .string({ error: '请选择生效日期' })
        .min(1, { error: '请选择生效日期' })
        .regex(ISO_DATE, { error: '生效日期格式应为 yyyy-MM-dd' }),
      plants: z.preprocess((value) => (value === undefined ? null : value), versionPlants),
    }),
    data: z.object({ id: z.number() }),
  }),
  withdrawHandbookVersion: defineRoute(ADDRESSES.withdrawHandbookVersion, {
    request: z.object({
      id: versionId,
      reason: text('撤回原因', { missing: '请填写撤回原因' })
        .trim()
        .min(1, { error: '请填写撤回原因' })
        .max(200, { error: '撤回原因最多 200 字' }),
    }),
    data: z.null(),
  }),
  getHandbookAcceptance: defineRoute(ADDRESSES.getHandbookAcceptance, {
    request: z.object({ id: versionId, bu: optionalFilter(plant) }),
    data: acceptanceSummary,
  }),
  getHandbookPending: defineRoute(ADDRESSES.getHandbookPending, {
    request: z.object({
      id: versionId,
      bu: optionalFilter(plant),
      // '' (全部部门) means any: the text must have something for the first branch to take it.
      deptName: optionalFilter(text('部门').min(1).max(64, { error: '部门无效' })),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(pendingEmployee),
  }),
  exportHandbookAcceptance: defineRoute(ADDRESSES.exportHandbookAcceptance, {
    request: z.object({ id: versionId, bu: optionalFilter(plant) }),
    data: download,
  }),
};
