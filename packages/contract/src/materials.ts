// 学习资料: the videos and documents HR uploads in the console for a plant. The bytes come by the tus protocol
// (resumable) at MATERIAL_UPLOAD_PATH, the plant and name in the upload's metadata; the server reads what came by its
// content, and an MP4 phones can play (H.264/AAC) or a PDF goes live as it is, other videos are converted to MP4 and
// Office files to PDF in the background, anything else is refused. These calls list, rename and delete them.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { DATE_TIME } from './announcements';
import { audienceRule } from './audience';
import { CONSOLE_PAGE_SIZE, defineRoute, optionalFilter, pagingFields, plant, requiredText } from './common';
import { download } from './imports';

/** Where tus-js-client sends the bytes (POST to create, then PATCH/HEAD on the upload's own address). */
export const MATERIAL_UPLOAD_PATH = '/api/TrainMaterial/Upload';
/** Bytes of one PATCH the console sends: each one arrives well within the server's request timeout on slow Wi-Fi. */
export const MATERIAL_CHUNK_BYTES = 5 * 1024 * 1024;

export const MATERIAL_KINDS = ['video', 'document'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const MATERIAL_KIND_LABELS: Record<MaterialKind, string> = { video: '视频', document: '文档' };

export const MATERIAL_STATES = ['uploading', 'checking', 'converting', 'ready', 'failed'] as const;
export type MaterialState = (typeof MATERIAL_STATES)[number];
export const MATERIAL_STATE_LABELS: Record<MaterialState, string> = {
  uploading: '上传中',
  checking: '检查中',
  converting: '转换中',
  ready: '可学习',
  failed: '失败',
};

/** The file types the console's picker offers: the spec's video types, PDF and Office files. */
export const MATERIAL_ACCEPT = '.mp4,.avi,.wmv,.mpg,.mpeg,.mkv,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx';

const materialId = z.coerce
  .number({ error: '学习资料不存在' })
  .int({ error: '学习资料不存在' })
  .positive({ error: '学习资料不存在' })
  .max(2_147_483_647, { error: '学习资料不存在' });

export const materialName = requiredText('资料名称', '请填写资料名称', 100);

/** A material in the console's list; times 'YYYY-MM-DD HH:mm' China time. */
export const materialRow = z.object({
  id: z.number(),
  name: z.string(),
  /** null: the whole company's. */
  bu: z.string().nullable(),
  kind: z.enum(MATERIAL_KINDS),
  state: z.enum(MATERIAL_STATES),
  /** Percent of a conversion done. */
  progress: z.number(),
  failureMessage: z.string().nullable(),
  originalFileName: z.string(),
  sizeBytes: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  uploaderName: z.string(),
  /** Employees it is assigned to. */
  assignedCount: z.number(),
  /** Where it plays or opens (signed in with the cookie), once ready; null before. */
  url: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaterialRow = z.infer<typeof materialRow>;

const byId = z.object({ id: materialId });

// ——— Assignments: a material for an audience, with a due date and 必修/选修 ———

const assignmentId = z.coerce
  .number({ error: '分配记录不存在' })
  .int({ error: '分配记录不存在' })
  .positive({ error: '分配记录不存在' })
  .max(2_147_483_647, { error: '分配记录不存在' });

export const assignmentDraft = z.object({
  materialId,
  trainTheme: requiredText('培训主题', '请填写培训主题', 100),
  audience: audienceRule,
  /** 'yyyy-MM-dd HH:mm' China time; absent: no due date. */
  dueAt: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z
      .string({ error: '截止时间格式应为 yyyy-MM-dd HH:mm' })
      .regex(DATE_TIME, { error: '截止时间格式应为 yyyy-MM-dd HH:mm' })
      .optional(),
  ),
  /** 必修 (true) or 选修. */
  isRequired: z.boolean({ error: '请选择必修或选修' }).default(true),
});
export type AssignmentDraft = z.output<typeof assignmentDraft>;

/** Where an employee of the audience stands: finished, not yet (before the due date), or overdue. */
export const STUDY_STANDINGS = ['done', 'pending', 'overdue'] as const;
export type StudyStanding = (typeof STUDY_STANDINGS)[number];
export const STUDY_STANDING_LABELS: Record<StudyStanding, string> = {
  done: '已完成',
  pending: '未完成',
  overdue: '已逾期',
};

export const assignmentRow = z.object({
  id: z.number(),
  materialId: z.number(),
  materialName: z.string(),
  trainTheme: z.string(),
  audience: z.string(),
  dueAt: z.string().nullable(),
  isRequired: z.boolean(),
  isWithdrawn: z.boolean(),
  authorName: z.string(),
  createdAt: z.string(),
  remindedAt: z.string().nullable(),
  /** Employees in service the rule includes today, and of them who finished and who is overdue. */
  audienceCount: z.number(),
  doneCount: z.number(),
  overdueCount: z.number(),
});
export type AssignmentRow = z.infer<typeof assignmentRow>;

export const assignmentProgress = z.object({
  audienceCount: z.number(),
  doneCount: z.number(),
  overdueCount: z.number(),
  groups: z.array(
    z.object({
      bu: z.string(),
      deptName: z.string(),
      audienceCount: z.number(),
      doneCount: z.number(),
      overdueCount: z.number(),
    }),
  ),
});
export type AssignmentProgress = z.infer<typeof assignmentProgress>;

export const progressPerson = z.object({
  empNo: z.string(),
  name: z.string(),
  bu: z.string(),
  deptName: z.string(),
  teamName: z.string(),
  standing: z.enum(STUDY_STANDINGS),
  studiedMinutes: z.number(),
  /** Share of a video watched (0–1), or null. */
  coverage: z.number().nullable(),
});
export type ProgressPerson = z.infer<typeof progressPerson>;

export const materialsRoutes = {
  getMaterialList: defineRoute(ADDRESSES.getMaterialList, {
    request: z.object({
      bu: optionalFilter(plant),
      state: optionalFilter(z.enum(MATERIAL_STATES, { error: '状态无效' })),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(materialRow),
  }),
  getMaterial: defineRoute(ADDRESSES.getMaterial, { request: byId, data: materialRow }),
  renameMaterial: defineRoute(ADDRESSES.renameMaterial, {
    request: byId.extend({ name: materialName }),
    data: z.null(),
  }),
  /** Refused while it is assigned to anyone (their study records refer to it). */
  deleteMaterial: defineRoute(ADDRESSES.deleteMaterial, { request: byId, data: z.null() }),
  assignMaterial: defineRoute(ADDRESSES.assignMaterial, {
    request: assignmentDraft,
    data: z.object({ id: z.number() }),
  }),
  getMaterialAssignments: defineRoute(ADDRESSES.getMaterialAssignments, {
    request: z.object({ materialId: optionalFilter(materialId), ...pagingFields(CONSOLE_PAGE_SIZE) }),
    data: z.array(assignmentRow),
  }),
  getAssignmentProgress: defineRoute(ADDRESSES.getAssignmentProgress, {
    request: z.object({ id: assignmentId, bu: optionalFilter(plant) }),
    data: assignmentProgress,
  }),
  getAssignmentPeople: defineRoute(ADDRESSES.getAssignmentPeople, {
    request: z.object({
      id: assignmentId,
      bu: optionalFilter(plant),
      standing: z.enum(STUDY_STANDINGS, { error: '名单类型无效' }).default('pending'),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(progressPerson),
  }),
  /** Everyone of the audience with their standing (one plant's, or every plant's up to 20,000 people). */
  exportAssignmentProgress: defineRoute(ADDRESSES.exportAssignmentProgress, {
    request: z.object({ id: assignmentId, bu: optionalFilter(plant) }),
    data: download,
  }),
  /** One reminder per assignment, a message to each who has not finished. */
  remindAssignment: defineRoute(ADDRESSES.remindAssignment, {
    request: z.object({ id: assignmentId }),
    data: z.null(),
  }),
  withdrawAssignment: defineRoute(ADDRESSES.withdrawAssignment, {
    request: z.object({ id: assignmentId }),
    data: z.null(),
  }),
};
