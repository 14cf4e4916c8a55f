// What a navigation to a route leads to: the pure rule behind the route gate (unit-tested).
import type { AppRoute } from './route-table';

export type AccessDecision =
  | { kind: 'render' }
  | { kind: 'sign-in'; redirect: string }
  /** Tokens exist but the profile and menus are not loaded yet. */
  | { kind: 'restore' }
  | { kind: 'change-password' }
  | { kind: 'not-found' };

export type AccessInput = {
  route: AppRoute | undefined;
  /** Path and query of the navigation, kept for the redirect after sign-in. */
  location: string;
  hasToken: boolean;
  user?: { menuPaths: ReadonlySet<string>; mustChangePassword: boolean };
  changePasswordPath: string;
};

export const decideAccess = ({ route, location, hasToken, user, changePasswordPath }: AccessInput): AccessDecision => {
  if (!route) return { kind: 'not-found' };
  if (route.isPublic) return { kind: 'render' };
  if (!hasToken) return { kind: 'sign-in', redirect: location };
  if (!user) return { kind: 'restore' };
  if (user.mustChangePassword && route.path !== changePasswordPath) return { kind: 'change-password' };
  const menuPath = route.gatedBy ?? (route.isMenuGated ? route.path : undefined);
  if (menuPath !== undefined && !user.menuPaths.has(menuPath)) return { kind: 'not-found' };
  return { kind: 'render' };
};

export const toSignInPath = (redirect: string) => `/login?redirect=${encodeURIComponent(redirect)}`;
