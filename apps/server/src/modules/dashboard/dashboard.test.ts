// 仪表盘: per plant the caller administers, each figure equals what the list it leads to shows (payslip batches,
// handbook acceptance, notice receipts), what waits in the 收件箱 is counted with its overdue part, and another
// plant's figures are out of reach.
import { routes } from '@ess/contract';
import type { PlantDashboard } from '@ess/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD_HASH, makeEmployee, makeHrClerk, shanghaiMonth } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const dashboardOf = async (token: string, bu: string) => {
  const answer = await t.call(routes.getDashboard, { bu }, token);
  expect(answer.body.result).toBe(true);
  return (answer.body.data as PlantDashboard[])[0] as PlantDashboard;
};

describe('the dashboard', () => {
  it('shows each figure as the page behind it does', async () => {
    const hr = await t.login('900002'); // the demo company's HR of NT
    // A published batch of two payslips, one read and confirmed.
    const [reader, other] = await Promise.all([makeEmployee(t.database), makeEmployee(t.database)]);
    const {
      rows: [made],
    } = await t.database.pool.query<{ id: number }>(
      "insert into payslip_batches (bu, year_month, status, version, published_at) values ('NT', $1, 'published', 1, now()) returning id",
      [shanghaiMonth(0)],
    );
    await t.database.pool.query(
      `insert into payslips (employee_id, year_month, emp_type, items, batch_id)
       select e.id, $2, e.emp_type, '{}'::jsonb, $1 from employees e where e.id = any($3::int[])`,
      [made?.id, shanghaiMonth(0), [reader.id, other.id]],
    );
    await t.database.pool.query(
      'insert into payslip_receipts (batch_id, version, employee_id, confirmed_at) values ($1, 1, $2, now())',
      [made?.id, reader.id],
    );
    const nt = await dashboardOf(hr, 'NT');
    expect(nt.payslips).toMatchObject({ month: shanghaiMonth(0), employees: 2, read: 1, confirmed: 1, disputed: 0 });

    const [batch] = (await t.call(routes.listPayslipBatches, { bu: 'NT', PageSize: 1 }, hr)).body.data as {
      month: string;
      read: number;
      confirmed: number;
      disputed: number;
      employees: number;
    }[];
    expect(batch).toBeDefined();
    expect(nt.payslips).toMatchObject({
      month: batch?.month,
      employees: batch?.employees,
      read: batch?.read,
      confirmed: batch?.confirmed,
      disputed: batch?.disputed,
    });

    const versions = (await t.call(routes.getHandbookVersions, { kind: 'handbook', bu: 'NT' }, hr)).body.data as {
      id: number;
      label: string;
      currentPlants: string[];
    }[];
    const current = versions.find((version) => version.currentPlants.includes('NT'));
    expect(current).toBeDefined(); // the demo company's handbook
    if (current) {
      const acceptance = (await t.call(routes.getHandbookAcceptance, { id: current.id, bu: 'NT' }, hr)).body.data as {
        employees: number;
        accepted: number;
      };
      expect(nt.handbook).toEqual({
        label: current.label,
        employees: acceptance.employees,
        accepted: acceptance.accepted,
      });
    } else {
      expect(nt.handbook).toBeNull();
    }

    const [notice] = (await t.call(routes.getAnnouncementList, { bu: 'NT', state: 'live', PageSize: 1 }, hr)).body
      .data as { id: number; title: string }[];
    expect(notice).toBeDefined(); // one of the demo company's notices to NT's teams
    if (notice) {
      const receipts = (await t.call(routes.getAnnouncementReceipts, { id: notice.id, bu: 'NT' }, hr)).body.data as {
        audienceCount: number;
        readCount: number;
        acknowledgedCount: number;
      };
      expect(nt.notice).toMatchObject({
        title: notice.title,
        audience: receipts.audienceCount,
        read: receipts.readCount,
        acknowledged: receipts.acknowledgedCount,
      });
    } else {
      expect(nt.notice).toBeNull();
    }
    expect(nt.imports.month).toMatch(/^\d{4}-\d\d$/);
  });

  it('counts what waits in the 收件箱, with what waited past the configured days', async () => {
    const clerk = await makeHrClerk(t.database, { plant: 'JY' });
    const token = await t.login(clerk.empNo, FACTORY_PASSWORD_HASH);
    const before = await dashboardOf(token, 'JY');

    const worker = await makeEmployee(t.database, { plant: 'JY' });
    const workerToken = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    const sent = await t.call(routes.modifyNotice, { NoticeType: 'AppAtt', NoticeDesc: '打卡机坏了' }, workerToken);
    expect(sent.body.result).toBe(true);
    await t.database.pool.query(
      `insert into proposals (kind, bu, title, created_at) values ('STUDY', 'JY', '五天前的', now() - interval '5 days'),
                                                           ('STUDY', 'JY', '已处理的', now() - interval '9 days')`,
    );
    await t.database.pool.query("update proposals set status = 'ACCEPTED' where bu = 'JY' and title = '已处理的'");

    const after = await dashboardOf(token, 'JY');
    expect(after.inbox.feedback).toEqual({
      open: before.inbox.feedback.open + 1,
      overdue: before.inbox.feedback.overdue,
    });
    expect(after.inbox.proposal).toEqual({
      open: before.inbox.proposal.open + 1,
      overdue: before.inbox.proposal.overdue + 1,
    });
    expect(after.inbox.candidate).toEqual(before.inbox.candidate);
  });

  it('answers the caller’s plants only', async () => {
    const hr = await t.login('900002');
    expect((await t.call(routes.getDashboard, { bu: 'HZ' }, hr)).body.msg).toBe('权限不足');
    const all = (await t.call(routes.getDashboard, {}, hr)).body.data as PlantDashboard[];
    expect(all.map((plant) => plant.bu)).toEqual(['NT']);
    const worker = await makeEmployee(t.database, { plant: 'NT' });
    const workerToken = await t.login(worker.empNo, FACTORY_PASSWORD_HASH);
    expect((await t.call(routes.getDashboard, {}, workerToken)).status).toBe(403);
    const sysAdmin = await t.login('900001');
    const every = (await t.call(routes.getDashboard, {}, sysAdmin)).body.data as PlantDashboard[];
    expect(every.length).toBeGreaterThan(1);
  });
});
