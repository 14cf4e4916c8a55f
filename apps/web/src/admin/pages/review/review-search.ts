// The page's state lives in the address (status, plant, kind, the table's page, the request open in the drawer),
// so back, reload and a link (from a notification, from the employee app's old /review/* routes) come back to it.
import { PLANTS, type Plant } from '@ess/contract/plants';
import { CHANGE_KINDS, type ChangeKind } from '@ess/contract/records';
import { REVIEW_STATUSES, type ReviewStatus } from '@ess/contract/review';
import type { ChangeFilter } from './api/get-change-list';

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

const positive = (value: string | null): number | undefined => {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

export type ReviewView = ChangeFilter & { page: number; id?: number };

export const readView = (params: URLSearchParams): ReviewView => {
  const status = params.get('status');
  const bu = params.get('bu');
  const kind = params.get('kind');
  return {
    status: isOneOf<ReviewStatus>(REVIEW_STATUSES, status) ? status : 'pending',
    bu: isOneOf<Plant>(PLANTS, bu) ? bu : '',
    kind: isOneOf<ChangeKind>(CHANGE_KINDS, kind) ? kind : '',
    page: positive(params.get('page')) ?? 1,
    id: positive(params.get('id')),
  };
};

/** `?id=` present but no request number (a mistyped link). */
export const hasInvalidId = (params: URLSearchParams) => params.has('id') && positive(params.get('id')) === undefined;

/** The address's search for `view`, defaults left out. */
export const viewSearch = (view: ReviewView) => {
  const params = new URLSearchParams();
  if (view.status !== 'pending') params.set('status', view.status);
  if (view.bu) params.set('bu', view.bu);
  if (view.kind) params.set('kind', view.kind);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.id !== undefined) params.set('id', String(view.id));
  const search = params.toString();
  return search ? `?${search}` : '';
};
