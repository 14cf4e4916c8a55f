// Review/GetPendingCount: the number waiting, beside the page's title. The query is the one the employee app's
// badge asks (lib/pending-review-count.ts), so a push refreshes both alike.
export { pendingReviewCountQuery } from '../../../../lib/pending-review-count';
