// The signed-in user's profile and menus, restored once per page load (SPEC §4 "first navigation"):
// rotate the refresh token, load the profile, load the menus. Refetched without rotating by 刷新 and,
// while the menus are missing, by the next navigation. Shared by the app shell and the features.
import type { Profile } from '@ess/contract/account';
import type { MenuEntry } from '@ess/contract/menu';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '../i18n/zh-CN';
import { ApiError, callApi, renewAccessToken } from './api-client';
import { applyLargeText } from './large-text';
import { hasAnyToken, readToken, storeUser } from './session';
import { showToast } from './toast';

export type CurrentUser = {
  profile: Profile;
  /** Mobile entries only (isMobile 'Y'). */
  menus: MenuEntry[];
  /** Paths the user may open; external (http) entries are not routes. */
  menuPaths: ReadonlySet<string>;
  isMenuLoadFailed: boolean;
};

export const CURRENT_USER_KEY = ['current-user'] as const;

export const isExternalPath = (path: string) => /^https?:\/\//i.test(path);

export const toMenuPaths = (menus: readonly MenuEntry[]): ReadonlySet<string> =>
  new Set(menus.filter((menu) => !isExternalPath(menu.menuPath)).map((menu) => menu.menuPath));

/**
 * `isRestoring`: the first load of a page rotates the tokens first. A rotation the server refuses is
 * survivable while the access token still works (another tab used the refresh token first); one that
 * does not get through is a network failure, never a reason to sign out.
 */
export const loadCurrentUser = async ({
  signal,
  isRestoring,
}: {
  signal?: AbortSignal;
  isRestoring: boolean;
}): Promise<CurrentUser> => {
  if (isRestoring && !readToken()) {
    // Without an access token nothing can be asked before the rotation.
    const renewal = await renewAccessToken();
    if (renewal !== 'renewed' && !readToken()) {
      throw renewal === 'refused'
        ? new ApiError('unauthorized', t.api.unauthorized)
        : new ApiError('network', t.api.serverError);
    }
  } else if (isRestoring) {
    // The access token still works: rotate beside the two reads instead of before them (two round trips
    // fewer on a weak network). A read that meets an expired token waits for this same rotation.
    void renewAccessToken();
  }
  const [profile, menuAnswer] = await Promise.all([
    callApi('checkUserToken', {}, { signal, isQuiet: true }),
    callApi('getMenuList', { terminalType: 'MOBILE' }, { signal, isQuiet: true }).then(
      (all) => ({ menus: all.filter((menu) => menu.isMobile === 'Y') }),
      (error: unknown) => ({ error }),
    ),
  ]);
  storeUser(profile);
  // The employee's 长辈版 follows them to this phone (null: not chosen yet, the phone's own stays).
  if (profile.largeText !== null) applyLargeText(profile.largeText);
  if ('error' in menuAnswer) {
    if (signal?.aborted) throw menuAnswer.error;
    void showToast({ content: t.session.menuFailed, kind: 'warning' });
    return { profile, menus: [], menuPaths: new Set(), isMenuLoadFailed: true };
  }
  const { menus } = menuAnswer;
  return { profile, menus, menuPaths: toMenuPaths(menus), isMenuLoadFailed: false };
};

/** Restores the session once; screens read it from the cache afterwards. */
export const useCurrentUser = () => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) =>
      loadCurrentUser({ signal, isRestoring: queryClient.getQueryData(CURRENT_USER_KEY) === undefined }),
    enabled: hasAnyToken(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
};

/** The loaded user; only for screens rendered behind the route gate, where it is always there. */
export const useSignedInUser = (): CurrentUser => {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser outside the route gate');
  return data;
};

export const updateProfile = (queryClient: QueryClient, patch: Partial<Profile>) => {
  queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, (current) =>
    current ? { ...current, profile: { ...current.profile, ...patch } } : current,
  );
};
