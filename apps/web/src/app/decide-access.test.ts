import { describe, expect, it } from 'vitest';
import { type AccessInput, decideAccess } from './decide-access';
import type { AppRoute } from './route-table';

const load = async () => ({ default: () => null });
const publicRoute: AppRoute = { path: '/register', title: 'r', load, isPublic: true };
const privateRoute: AppRoute = { path: '/home', title: 'h', load };
const gatedRoute: AppRoute = { path: '/salary/my-salary', title: 's', load, isMenuGated: true };
const changePassword: AppRoute = { path: '/system-setting/change-password', title: 'c', load };

const user = (paths: string[], mustChangePassword = false) => ({ menuPaths: new Set(paths), mustChangePassword });
const decide = (input: Partial<AccessInput>) =>
  decideAccess({
    route: privateRoute,
    location: '/home',
    hasToken: true,
    changePasswordPath: changePassword.path,
    ...input,
  });

describe('decideAccess', () => {
  it('shows public routes to anyone', () => {
    expect(decide({ route: publicRoute, hasToken: false })).toEqual({ kind: 'render' });
  });

  it('sends a visitor without a token to sign in, keeping where they wanted to go', () => {
    expect(decide({ hasToken: false, location: '/home?x=1' })).toEqual({ kind: 'sign-in', redirect: '/home?x=1' });
  });

  it('waits for the profile and menus when there is a token', () => {
    expect(decide({ user: undefined })).toEqual({ kind: 'restore' });
  });

  it('opens menu screens only when the menus include them', () => {
    expect(decide({ route: gatedRoute, user: user(['/salary/my-salary']) })).toEqual({ kind: 'render' });
    expect(decide({ route: gatedRoute, user: user(['/attendance/my-att']) })).toEqual({ kind: 'not-found' });
    expect(decide({ route: privateRoute, user: user([]) })).toEqual({ kind: 'render' });
  });

  it('opens a screen reached from a menu screen only for holders of that menu', () => {
    const detail: AppRoute = { path: '/review/change-detail', title: 'd', load, gatedBy: '/review/change-list' };
    expect(decide({ route: detail, user: user(['/review/change-list']) })).toEqual({ kind: 'render' });
    expect(decide({ route: detail, user: user(['/salary/my-salary']) })).toEqual({ kind: 'not-found' });
  });

  it('answers not-found for unknown routes', () => {
    expect(decide({ route: undefined })).toEqual({ kind: 'not-found' });
  });

  it('holds a user who must change the password on the change-password screen', () => {
    expect(decide({ user: user(['/home'], true) })).toEqual({ kind: 'change-password' });
    expect(decide({ route: changePassword, user: user([], true) })).toEqual({ kind: 'render' });
  });
});
