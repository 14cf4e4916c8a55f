// 轮播图 in the HR console: the home page's pictures, each with a title, an optional link (a page of the app or an
// https address), a period, an order and an audience (plants; none = the whole company, SysAdmin's). The picture
// is uploaded first (sniffed, stored once, made into the phone's sizes) so HR sees it on a phone before saving.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { LINK_MAX_LENGTH, linkProblem } from './banner-links';
import {
  blankToUndefined,
  CONSOLE_PAGE_SIZE,
  defineRoute,
  isoDate,
  optionalFilter,
  pagingFields,
  plant,
  text,
} from './common';

export { BANNER_LINK_ROUTES, isAppLink, LINK_MAX_LENGTH, linkProblem } from './banner-links';

/** The picture as uploaded and as served: a 375 px phone at 2× gets at most 750 px wide, ≤ 60 KB per format. */
export const BANNER_IMAGE = {
  maxBytes: 10 * 1024 * 1024,
  /** Decoding is bounded by pixels, not bytes: a small PNG can hold a huge canvas. */
  maxPixels: 50_000_000,
  minWidth: 375,
  /** The served width: the 351 CSS px carousel of a 375 px phone at 2×. */
  width: 750,
  maxServedBytes: 60 * 1024,
} as const;

const bannerLink = z.preprocess(
  blankToUndefined,
  text('链接')
    .trim()
    .max(LINK_MAX_LENGTH, { error: `链接最多 ${LINK_MAX_LENGTH} 个字符` })
    .superRefine((value, context) => {
      const problem = linkProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
);

export const TITLE_MAX_LENGTH = 30;
export const SORT_MAX = 999;

/** What HR fills in for a banner (create and edit). */
export const bannerObject = z.object({
  title: text('标题', { missing: '请填写标题' })
    .trim()
    .min(1, { error: '请填写标题' })
    .max(TITLE_MAX_LENGTH, { error: `标题最多 ${TITLE_MAX_LENGTH} 字` }),
  link: bannerLink,
  imageId: z.coerce
    .number({ error: '请上传图片' })
    .int({ error: '请上传图片' })
    .positive({ error: '请上传图片' })
    .max(2_147_483_647, { error: '请上传图片' }),
  startsOn: isoDate,
  /** Absent: until withdrawn. */
  endsOn: z.preprocess(blankToUndefined, isoDate.optional()),
  sort: z.coerce
    .number({ error: '排序应为数字' })
    .int({ error: '排序应为整数' })
    .min(0, { error: '排序不能小于 0' })
    .max(SORT_MAX, { error: `排序不能大于 ${SORT_MAX}` })
    .default(0),
  /** The plants whose workers see it; empty = the whole company (SysAdmin only). */
  plants: z
    .array(plant, { error: '请选择适用工厂' })
    .max(20, { error: '请选择适用工厂' })
    .transform((plants) => [...new Set(plants)].sort()),
});
export const periodInOrder = (fields: { startsOn: string; endsOn?: string | undefined }) =>
  !fields.endsOn || fields.endsOn >= fields.startsOn;
export const PERIOD_MESSAGE = '结束日期不能早于开始日期';
const PERIOD_REFUSAL = { error: PERIOD_MESSAGE, path: ['endsOn'] };
export const bannerFields = bannerObject.refine(periodInOrder, PERIOD_REFUSAL);
export type BannerFields = z.output<typeof bannerFields>;

export const BANNER_STATES = ['live', 'scheduled', 'ended', 'withdrawn'] as const;
export type BannerState = (typeof BANNER_STATES)[number];

/** A stored picture: its served sizes (jpeg for every browser, webp for those that read it) and their bytes. */
export const bannerImage = z.object({
  id: z.number(),
  imageUrl: z.string(),
  imageWebpUrl: z.string(),
  width: z.number(),
  height: z.number(),
  jpegBytes: z.number(),
  webpBytes: z.number(),
});
export type BannerImage = z.infer<typeof bannerImage>;

/** A banner in the console; dates yyyy-MM-dd, times 'YYYY-MM-DD HH:mm' China time. */
export const bannerRow = z.object({
  id: z.number(),
  title: z.string(),
  link: z.string().nullable(),
  image: bannerImage,
  plants: z.array(z.string()),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  sort: z.number(),
  state: z.enum(BANNER_STATES),
  updatedAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type BannerRow = z.infer<typeof bannerRow>;

const bannerId = z.coerce
  .number({ error: '轮播图不存在' })
  .int({ error: '轮播图不存在' })
  .positive({ error: '轮播图不存在' })
  .max(2_147_483_647, { error: '轮播图不存在' });

export const bannersRoutes = {
  getBannerAdminList: defineRoute(ADDRESSES.getBannerAdminList, {
    request: z.object({
      bu: optionalFilter(plant),
      state: optionalFilter(z.enum(BANNER_STATES, { error: '状态无效' })),
      ...pagingFields(CONSOLE_PAGE_SIZE),
    }),
    data: z.array(bannerRow),
  }),
  /** Multipart: the picture in `file`. */
  uploadBannerImage: defineRoute(ADDRESSES.uploadBannerImage, { request: z.object({}), data: bannerImage }),
  createBanner: defineRoute(ADDRESSES.createBanner, { request: bannerFields, data: z.object({ id: z.number() }) }),
  updateBanner: defineRoute(ADDRESSES.updateBanner, {
    request: bannerObject.extend({ id: bannerId }).refine(periodInOrder, PERIOD_REFUSAL),
    data: z.null(),
  }),
  withdrawBanner: defineRoute(ADDRESSES.withdrawBanner, { request: z.object({ id: bannerId }), data: z.null() }),
};
