// The CSV download of a list as filtered: a GET (/api/export/*.csv) that a plain link downloads, the access cookie
// going along with it.
import type { SubmissionFilter } from './submission-filter';

export const exportUrl = (what: 'proposals' | 'candidates', filter: SubmissionFilter) => {
  const query = new URLSearchParams();
  if (filter.bu) query.set('bu', filter.bu);
  if (filter.month) query.set('month', filter.month);
  if (what === 'proposals' && filter.kind) query.set('kind', filter.kind);
  const text = query.toString();
  return `/api/export/${what}.csv${text ? `?${text}` : ''}`;
};
