// Audit/Search: the audit log of the clerk's plants by actor, employee, action, dates and plant, newest first, paged.
import type { Plant } from '@ess/contract/plants';
import { queryOptions } from '@tanstack/react-query';
import { callApiEnvelope } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';

export type AuditFilter = {
  actorEmpNo?: string;
  subjectEmpNo?: string;
  action?: string;
  from?: string;
  to?: string;
  bu?: Plant;
};

export const AUDIT_PAGE_SIZE = 20;

export const auditListQuery = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.console.auditList(filter, page),
    queryFn: ({ signal }) =>
      callApiEnvelope('searchAuditLog', { ...filter, CurrentPage: page, PageSize: AUDIT_PAGE_SIZE }, { signal }),
    staleTime: 0,
  });
