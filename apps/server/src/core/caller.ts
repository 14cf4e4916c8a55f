// Who is calling: identity from the verified access token, roles and menus from the database. Every
// service takes the caller as an argument and scopes its queries by it.
import { BusinessError } from './errors';

export type Caller = {
  id: number;
  empNo: string;
  /** The caller's plant (business unit). */
  bu: string;
  roles: readonly string[];
  /** Codes (M01…) of the mobile menus the caller's roles hold. */
  menuCodes: ReadonlySet<string>;
  /** The plants the caller administers: an HRAdmin's own (admin_plants), every plant for a SysAdmin. */
  adminPlants: ReadonlySet<string>;
};

/** How long an access token lives. */
export const ACCESS_TOKEN_SECONDS = 2 * 60 * 60;

/**
 * What an access token carries: who, their plant, the session epoch it was issued in, and the session it belongs to
 * (the family of refresh tokens of one sign-in; absent in tokens issued before sessions were named).
 */
export type SessionClaims = { id: number; empNo: string; bu: string; epoch: number; sessionId?: string };

export const hasRole = (caller: Caller, role: string) => caller.roles.includes(role);

/** The first line of a role-only service: refuses a caller without the role. */
export const requireRole = (caller: Caller, role: string) => {
  if (!hasRole(caller, role)) throw new BusinessError('FORBIDDEN');
};

/**
 * The first line of an HR service: an HRAdmin (or SysAdmin) of the plant, when one is named. Queries that list
 * are scoped with `caller.adminPlants` instead.
 */
export const requirePlantAdmin = (caller: Caller, bu?: string) => {
  if (!hasRole(caller, 'HRAdmin') && !hasRole(caller, 'SysAdmin')) throw new BusinessError('FORBIDDEN');
  if (bu !== undefined && !caller.adminPlants.has(bu)) throw new BusinessError('FORBIDDEN');
};

/** A call that serves a menu screen answers only callers whose roles hold that menu. */
export const requireMenu = (caller: Caller, menuCode: string) => {
  if (!caller.menuCodes.has(menuCode)) throw new BusinessError('FORBIDDEN');
};
