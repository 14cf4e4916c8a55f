// The reviewers' console: the list is the menu M18 (granted to the AppVerify role only), the detail one request.
// Plain strings: the route table holds them, and it is part of /login's code, which the menu table is not
// (lib/review-paths.test.ts keeps the list's path equal to M18's).
export const REVIEW_LIST_PATH = '/review/change-list';
export const REVIEW_DETAIL_PATH = '/review/change-detail';
