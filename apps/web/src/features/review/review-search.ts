// The console's state lives in the address (status, plant, kind, the request shown beside the list), so back,
// reload and a link all come back to the same view.

import { PLANTS, type Plant } from '@ess/contract/plants';
import { CHANGE_KINDS, type ChangeKind } from '@ess/contract/records';
import { REVIEW_STATUSES, type ReviewStatus } from '@ess/contract/review';
import type { ChangeFilter } from './api/get-change-list';

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

export const readFilter = (params: URLSearchParams): ChangeFilter => {
  const status = params.get('status');
  const bu = params.get('bu');
  const kind = params.get('kind');
  return {
    status: isOneOf<ReviewStatus>(REVIEW_STATUSES, status) ? status : 'pending',
    bu: isOneOf<Plant>(PLANTS, bu) ? bu : '',
    kind: isOneOf<ChangeKind>(CHANGE_KINDS, kind) ? kind : '',
  };
};

/** A request's id from `?id=`, or undefined when there is none or it is no id. */
export const readId = (params: URLSearchParams): number | undefined => {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The search of the list with `filter` (defaults left out) and the request `id` shown beside it. */
export const listSearch = (filter: ChangeFilter, id?: number) => {
  const params = new URLSearchParams();
  if (filter.status !== 'pending') params.set('status', filter.status);
  if (filter.bu) params.set('bu', filter.bu);
  if (filter.kind) params.set('kind', filter.kind);
  if (id !== undefined) params.set('id', String(id));
  const search = params.toString();
  return search ? `?${search}` : '';
};

/** Tells the detail screen it was opened from the list, so going back is going back. */
export type FromListState = { isFromList: true };
