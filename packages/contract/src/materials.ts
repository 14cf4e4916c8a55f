// 学习资料: the videos and documents HR uploads in the console for a plant. The bytes come by the tus protocol
// (resumable) at MATERIAL_UPLOAD_PATH, the plant and name in the upload's metadata; the server reads what came by its
// content, and an MP4 phones can play (H.264/AAC) or a PDF goes live as it is, other videos are converted to MP4 and
// Office files to PDF in the background, anything else is refused. These calls list, rename and delete them.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { CONSOLE_PAGE_SIZE, defineRoute, optionalFilter, pagingFields, plant, requiredText } from './common';

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
};
