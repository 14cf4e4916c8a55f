// Home page: dictionaries, the acceptance of the current handbook version, banners.
import { z } from 'zod';
import { ADDRESSES } from './addresses';
import { defineRoute, empty } from './common';
import { versionId } from './handbook';

export const STATE_TYPES = ['MAJOR', 'CARD', 'POLI', 'REL', 'FERT'] as const;
export const stateItem = z.object({ stateId: z.string(), stateDescr: z.string() });
export type StateItem = z.infer<typeof stateItem>;

/**
 * A live banner of the caller's plant: `imageUrl` is the JPEG every browser draws, `imageWebpUrl` the smaller WebP
 * for those that read it (a <picture> chooses); `link` an app path (/…) or an https address, null for none.
 */
export const banner = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  imageWebpUrl: z.string(),
  width: z.number(),
  height: z.number(),
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof banner>;

export const homeRoutes = {
  getStateBaseInfo: defineRoute(ADDRESSES.getStateBaseInfo, {
    request: z.object({
      stateType: z.enum(STATE_TYPES, { error: '字典类型无效' }),
      sysFunc: z.literal('HR', { error: '系统功能无效' }).default('HR'),
    }),
    data: z.array(stateItem),
  }),
  modifyReadStatus: defineRoute(ADDRESSES.modifyReadStatus, {
    request: z.object({
      readStatus: z.literal('Y', { error: '阅读状态无效' }),
      /**
       * The handbook version the screen showed: refused when another one is current by now, so an acceptance never
       * lands on a version the employee did not see. Without it, the current version is accepted.
       */
      versionId: versionId.optional(),
    }),
    data: z.null(),
  }),
  getBannerList: defineRoute(ADDRESSES.getBannerList, { request: empty, data: z.array(banner) }),
};
