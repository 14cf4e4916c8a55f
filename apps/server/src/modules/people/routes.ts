// People/* and AuditLog/Search: the HR console's people and accounts, and its audit-log search.
import { peopleRoutes } from '@ess/contract/people';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import { searchAuditLog } from './audit-search';
import {
  createPerson,
  getPlantTeams,
  getRoleCatalog,
  issuePersonResetCode,
  markPersonLeft,
  type PeopleDeps,
  reinstatePerson,
  searchPeople,
  setPersonRoles,
  setRoleMenus,
  transferPerson,
  unbindPlatformAccount,
  unlockPerson,
  updatePerson,
} from './service';

export const registerPeopleRoutes = (app: FastifyInstance, deps: PeopleDeps) => {
  const r = peopleRoutes;
  registerCall(app, r.getPlantTeams, async ({ body, caller }) => ({
    data: await getPlantTeams(deps.db, caller, body.bu),
  }));
  registerCall(app, r.searchPeople, async ({ body, caller }) => {
    const { CurrentPage, PageSize, ...filter } = body;
    const { rows, totalCount } = await searchPeople(deps.db, caller, {
      ...filter,
      page: CurrentPage,
      pageSize: PageSize,
    });
    return { data: rows, totalCount };
  });
  registerCall(app, r.createPerson, async ({ body, caller, request }) => {
    const created = await createPerson(deps, caller, { ...body, requestId: request.id });
    return { data: created, msg: `已新建，初始密码为 ${created.initialPassword}，首次登录须修改` };
  });
  registerCall(app, r.updatePerson, async ({ body, caller, request }) => {
    await updatePerson(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已保存' };
  });
  registerCall(app, r.transferPerson, async ({ body, caller, request }) => {
    await transferPerson(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已调动' };
  });
  registerCall(app, r.markPersonLeft, async ({ body, caller, request }) => {
    await markPersonLeft(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已标记离职，该员工的登录已全部失效' };
  });
  registerCall(app, r.reinstatePerson, async ({ body, caller, request }) => {
    await reinstatePerson(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已恢复在职' };
  });
  registerCall(app, r.issuePersonResetCode, async ({ body, caller, request }) => ({
    data: await issuePersonResetCode(deps, caller, { ...body, requestId: request.id }),
  }));
  registerCall(app, r.unlockPerson, async ({ body, caller, request }) => {
    await unlockPerson(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已解除锁定' };
  });
  registerCall(app, r.unbindPlatformAccount, async ({ body, caller, request }) => {
    await unbindPlatformAccount(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已解除绑定' };
  });
  registerCall(app, r.setPersonRoles, async ({ body, caller, request }) => {
    await setPersonRoles(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已保存角色' };
  });
  registerCall(app, r.getRoleCatalog, async ({ caller }) => ({ data: await getRoleCatalog(deps.db, caller) }));
  registerCall(app, r.setRoleMenus, async ({ body, caller, request }) => {
    await setRoleMenus(deps, caller, { ...body, requestId: request.id });
    return { data: null, msg: '已保存菜单' };
  });
  registerCall(app, r.searchAuditLog, async ({ body, caller }) => {
    const { CurrentPage, PageSize, ...filter } = body;
    const { rows, totalCount } = await searchAuditLog(deps.db, caller, {
      ...filter,
      page: CurrentPage,
      pageSize: PageSize,
    });
    return { data: rows, totalCount };
  });
};
