// The company's own face, set by the SysAdmin in the console (公司信息): the company name and the app's short title on
// the sign-in page and the title bars, the logo, the copyright line and the ICP filing number of the sign-in page's
// footer, and the names people read for the plants and the departments. Unset means the app's defaults and no
// footer line at all, never a placeholder. The face is public (the sign-in page needs it before anyone signs in)
// and holds nothing about any person.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty, optionalText, plant, text } from './common';
import { PLANTS } from './plants';

export const COMPANY_NAME_MAX = 40;
export const APP_TITLE_MAX = 16;
export const COPYRIGHT_MAX = 80;
export const PLANT_NAME_MAX = 20;
export const DEPARTMENT_NAME_MAX = 30;
/** The logo is downloaded by every worker's phone on the sign-in page: small, and cached for a year by its hash. */
export const LOGO_MAX_BYTES = 256 * 1024;

/** What the sign-in page, the title bars and the plant labels show; '' is unset (the app's defaults, no line). */
export const siteFace = z.object({
  companyName: z.string(),
  appTitle: z.string(),
  /** `/api/site/logo/<sha256>.<ext>`: immutable, a new logo is a new address. */
  logoUrl: z.string().nullable(),
  copyright: z.string(),
  icpFiling: z.string(),
  /** The plants that have a display name, by code (the others show their code). */
  plantNames: z.partialRecord(z.enum(PLANTS), z.string()),
});
export type SiteFace = z.infer<typeof siteFace>;

/**
 * An ICP filing number as the MIIT issues it, checked loosely: the province's short name, ICP备 (or ICP证 for a
 * licence), the digits, 号, and an optional site number (京ICP备12345678号-1).
 */
export const ICP_FILING = /^[\u4e00-\u9fa5]{1,4}ICP[备证]\d{4,12}号(?:-\d{1,4})?$/;
const icpFiling = optionalText('ICP 备案号', 40).refine((value) => value === '' || ICP_FILING.test(value), {
  error: 'ICP 备案号格式不正确，应如：京ICP备12345678号-1',
});

/** A department of a plant, as the employees' records name it, and the name people read for it ('' = as it is). */
export const departmentName = z.object({
  bu: plant,
  deptName: text('部门').max(64, { error: '部门最多 64 字' }),
  displayName: optionalText('部门显示名称', DEPARTMENT_NAME_MAX),
});

/** The console's form: the face as stored, the logo by its hash, every department of every plant. */
export const siteSettings = z.object({
  /** Raised by every save; a save sent from an older form is refused. */
  version: z.number(),
  companyName: z.string(),
  appTitle: z.string(),
  copyright: z.string(),
  icpFiling: z.string(),
  logo: z.object({ id: z.string(), url: z.string() }).nullable(),
  plantNames: z.partialRecord(z.enum(PLANTS), z.string()),
  /** The departments the employees of each plant are in (how many), and those only a display name remembers (0). */
  departments: z.array(departmentName.extend({ bu: z.string(), employees: z.number() })),
  /** When and by whom it was last saved ('YYYY-MM-DD HH:mm' China time); null before the first save. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/** The logo an upload stored: its id (the content's SHA-256) to save with the form, and where it is served. */
export const uploadedLogo = z.object({ id: z.string(), url: z.string() });

const LOGO_ID = /^[0-9a-f]{64}$/;

export const saveSiteSettingsRequest = z.object({
  version: z.coerce.number({ error: '请刷新页面后重试' }).int().min(0),
  companyName: optionalText('公司名称', COMPANY_NAME_MAX),
  appTitle: optionalText('应用标题', APP_TITLE_MAX),
  copyright: optionalText('版权声明', COPYRIGHT_MAX),
  icpFiling,
  /** An uploaded logo's id, or null for none (the app's own). */
  logo: z.string().regex(LOGO_ID, { error: '标志图片无效，请重新上传' }).nullable().default(null),
  plantNames: z
    .partialRecord(plant, optionalText('工厂显示名称', PLANT_NAME_MAX), { error: '工厂代码无效' })
    .default({}),
  departmentNames: z.array(departmentName).max(5000, { error: '部门过多' }).default([]),
});
export type SaveSiteSettingsRequest = z.input<typeof saveSiteSettingsRequest>;

export const siteRoutes = {
  getSiteFace: defineRoute(ADDRESSES.getSiteFace, { request: empty, data: siteFace }),
  getSiteSettings: defineRoute(ADDRESSES.getSiteSettings, { request: empty, data: siteSettings }),
  saveSiteSettings: defineRoute(ADDRESSES.saveSiteSettings, { request: saveSiteSettingsRequest, data: z.null() }),
  uploadSiteLogo: defineRoute(ADDRESSES.uploadSiteLogo, { request: empty, data: uploadedLogo }),
};
