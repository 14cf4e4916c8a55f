// The filter of the 收件箱's lists: plant, month (yyyy-MM), how long an item waited, whose it is, and per tab the
// status, the proposals' kind and the feedback's type; '' is any. Each list sends the fields it knows.
import type { FeedbackStatus, InboxAge } from '@ess/contract/inbox';
import type { FeedbackType } from '@ess/contract/notices';
import type { Plant } from '@ess/contract/plants';
import type { ProposalKind, ProposalStatus } from '@ess/contract/proposals';
import type { CandidateStatus } from '@ess/contract/recruitment';

export type SubmissionFilter = {
  bu: Plant | '';
  month: string;
  age: InboxAge | '';
  assignee: 'mine' | 'unassigned' | '';
  kind: ProposalKind | '';
  type: FeedbackType | '';
  /** The status of the tab shown: a proposal's, a candidate's, or 待答复 / 已答复 of feedback. */
  status: ProposalStatus | CandidateStatus | FeedbackStatus | '';
};

export const EMPTY_FILTER: SubmissionFilter = {
  bu: '',
  month: '',
  age: '',
  assignee: '',
  kind: '',
  type: '',
  status: '',
};

/** The fields every list takes. */
export const commonFilterOf = ({ bu, month, age, assignee }: SubmissionFilter) => ({ bu, month, age, assignee });

export const SUBMISSION_PAGE_SIZE = 20;
