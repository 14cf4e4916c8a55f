// The signed-in user's profile and menus, restored once per page load (SPEC §4 "first navigation"):
// rotate the refresh token, load the profile, load the menus. Shared by the app shell and the features.
import { accountRoutes, type Profile } from '@ess/contract/account';
import { type MenuEntry, menuRoutes } from '@ess/contract/menu';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { t } from '../i18n/zh-CN';
import { ApiError, callApi, renewAccessToken } from './api-client';
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

export const loadCurrentUser = async (signal?: AbortSignal): Promise<CurrentUser> => {
  // A rotation that fails (another tab used the token first, network) is survivable while the
  // access token still works; the profile call below decides.
  const isRenewed = await renewAccessToken();
  if (!isRenewed && !readToken()) throw new ApiError('unauthorized', t.session.profileFailed);
  const profile = await callApi(accountRoutes.checkUserToken, {}, { signal, isQuiet: true });
  storeUser(profile);
  let menus: MenuEntry[] = [];
  let isMenuLoadFailed = false;
  try {
    const all = await callApi(menuRoutes.getMenuList, { terminalType: 'MOBILE' }, { signal, isQuiet: true });
    menus = all.filter((menu) => menu.isMobile === 'Y');
  } catch (error) {
    if (signal?.aborted) throw error;
    isMenuLoadFailed = true;
    void showToast({ content: t.session.menuFailed, kind: 'warning' });
  }
  return { profile, menus, menuPaths: toMenuPaths(menus), isMenuLoadFailed };
};

/** Restores the session once; screens read it from the cache afterwards. */
export const useCurrentUser = () =>
  useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => loadCurrentUser(signal),
    enabled: hasAnyToken(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

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
