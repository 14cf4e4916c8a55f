// TitleCerFile/GetTitleCerWithUnVerify: one type's records (CER01 education, CER02 title, CER03 skill, CER04
// work): the approved ones with their id, then those of an edit waiting for review, without id, each saying what
// the edit does to it (pendingAction) and which approved record it is about (replacesId).
import type { CerType } from '@ess/contract/records';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getTitleCerWithUnVerify = (cerType: CerType, signal?: AbortSignal) =>
  callApi('getTitleCerWithUnVerify', { type: cerType }, { signal });

export const useCertificates = (cerType: CerType) =>
  useQuery({
    queryKey: queryKeys.records.certificates(cerType),
    queryFn: ({ signal }) => getTitleCerWithUnVerify(cerType, signal),
  });
