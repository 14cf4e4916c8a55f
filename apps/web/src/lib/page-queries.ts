// The page's query cache as the code outside the query library sees it. The app root and the sign-in screen clear
// it without loading @tanstack/react-query, which comes with the first screen that queries (app/query-scope.tsx).
type ClearableCache = { clear: () => void };

let pageCache: ClearableCache | undefined;

/** Called by lib/query-client.ts when it makes the page's cache (and with undefined when tests forget it). */
export const holdPageQueries = (cache: ClearableCache | undefined) => {
  pageCache = cache;
};

/** Forgets every query and mutation of the page (a new sign-in, a session the server ended); none made yet is fine. */
export const clearPageQueries = () => {
  pageCache?.clear();
};
