// HR's work lives in the console (/admin), where reviewers and clerks sit at office PCs. The employee app's old
// routes for it (the menus M18 and M19 still name them) stay for a while as links there, and the app's 资料审核 badge
// and tile open the console. Plain strings: the route table holds the paths, and it is part of /login's code
// (lib/console-links.test.ts keeps them equal to the menus').

/** 资料审核 (M18, role AppVerify): the app's old list; its holders are the reviewers. */
export const REVIEW_LIST_PATH = '/review/change-list';
/** One request of the app's old review (`?id=`), still the address in links sent before the move. */
export const REVIEW_DETAIL_PATH = '/review/change-detail';
/** 提案与推荐 (M19, role HRAdmin). */
export const HR_SUBMISSIONS_PATH = '/hr/submissions';

export const CONSOLE_REVIEW_ADDRESS = '/admin/review';
export const CONSOLE_SUBMISSIONS_ADDRESS = '/admin/submissions';

/** The console's address for a menu of the app (its tile opens the console), or undefined for the app's own. */
export const consoleAddressOfMenu = (menuPath: string): string | undefined =>
  menuPath === REVIEW_LIST_PATH
    ? CONSOLE_REVIEW_ADDRESS
    : menuPath === HR_SUBMISSIONS_PATH
      ? CONSOLE_SUBMISSIONS_ADDRESS
      : undefined;

/**
 * The console's address for an old route of the app, its search carried over: the list's status, plant, kind and
 * `id` are the console page's own names, and a request's `?id=` opens it there.
 */
export const consoleAddressOf = (pathname: string, search: string): string => {
  if (pathname === REVIEW_LIST_PATH) return `${CONSOLE_REVIEW_ADDRESS}${search}`;
  if (pathname === REVIEW_DETAIL_PATH) {
    const id = new URLSearchParams(search).get('id');
    return id ? `${CONSOLE_REVIEW_ADDRESS}?id=${encodeURIComponent(id)}` : CONSOLE_REVIEW_ADDRESS;
  }
  return consoleAddressOfMenu(pathname) ?? '/admin';
};

/** A full navigation that replaces the old route's history entry, so Back does not come round to it again. */
export const leaveForConsole = (address: string) => window.location.replace(address);
