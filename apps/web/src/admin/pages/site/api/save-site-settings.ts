// Site/Save: the whole form, against the version it was read at; the form and the console's own face (its title
// bar, the plants' names) are read again. A refusal is told by the MutationCache.
import type { SaveSiteSettingsRequest } from '@ess/contract/site';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { loadSiteFace } from '../../../../lib/site-face';
import { useConsoleMutation } from '../../../api/console-mutation';

export const useSaveSiteSettings = () =>
  useConsoleMutation({
    call: async (form: SaveSiteSettingsRequest) => {
      const answer = await callApiEnvelope('saveSiteSettings', form);
      await loadSiteFace();
      return answer;
    },
    invalidates: [queryKeys.console.site],
  });
