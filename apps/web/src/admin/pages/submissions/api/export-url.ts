// The CSV download of a list as filtered: a GET (/api/export/*.csv) that a plain link downloads, the access cookie
// going along with it.
import { candidateRequestOf } from './get-candidate-list';
import { proposalRequestOf } from './get-proposal-list';
import type { SubmissionFilter } from './submission-filter';

export const exportUrl = (what: 'proposals' | 'candidates', filter: SubmissionFilter) => {
  const request = what === 'proposals' ? proposalRequestOf(filter) : candidateRequestOf(filter);
  const query = new URLSearchParams(Object.entries(request).filter(([, value]) => value !== ''));
  const text = query.toString();
  return `/api/export/${what}.csv${text ? `?${text}` : ''}`;
};
