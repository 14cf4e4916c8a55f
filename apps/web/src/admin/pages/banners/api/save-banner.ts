// Banner/Create and Banner/Update: the banner as the drawer's form holds it; the list is read again.
import type { RequestOf, Routes } from '@ess/contract';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { useConsoleMutation } from '../../../api/console-mutation';

export type BannerInput = RequestOf<Routes['createBanner']>;

export const useSaveBanner = () =>
  useConsoleMutation({
    call: async ({ id, fields }: { id?: number; fields: BannerInput }): Promise<{ msg: string }> =>
      id === undefined ? callApiEnvelope('createBanner', fields) : callApiEnvelope('updateBanner', { id, ...fields }),
    invalidates: [queryKeys.console.banners],
  });
