// The filter of HR's lists of submissions: plant, month (yyyy-MM) and, for proposals, the kind; '' is any.
import type { Plant } from '@ess/contract/plants';
import type { ProposalKind } from '@ess/contract/proposals';

export type SubmissionFilter = { bu: Plant | ''; month: string; kind: ProposalKind | '' };

export const SUBMISSION_PAGE_SIZE = 20;
