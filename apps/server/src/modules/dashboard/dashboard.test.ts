// 仪表盘: per plant the caller administers, each figure equals what the list it leads to shows (payslip batches,
// handbook acceptance, notice receipts), what waits in the 收件箱 is counted with its overdue part, and another
// plant's figures are out of reach.
import { routes } from '@ess/contract';
import type { PlantDashboard } from '@ess/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACTORY_PASSWORD_HASH,
  makeEmployee,
  makeHrClerk,
  makeStudyMaterial,
  shanghaiMonth,
} from '../../../test/factories';
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

  it('shows the latest exam and study assignment of the plant as their results show them', async () => {
    const hr = await t.login('900002');
    const dept = `培训${Date.now()}`;
    const [passer, absent] = await Promise.all([
      makeEmployee(t.database, { plant: 'NT', dept }),
      makeEmployee(t.database, { plant: 'NT', dept }),
    ]);
    const category = await t.call(routes.saveQuestionCategory, { bu: 'NT', name: `仪表盘${Date.now()}` }, hr);
    const question = await t.call(
      routes.saveBankQuestion,
      {
        categoryId: (category.body.data as { id: number }).id,
        subjectType: 'ST03',
        subject: '进入车间须戴安全帽。',
        judge: 'Y',
        score: 100,
      },
      hr,
    );
    expect(question.body).toMatchObject({ result: true });
    const published = await t.call(
      routes.publishPaper,
      {
        examType: 'EXAM',
        title: `仪表盘考试${Date.now()}`,
        audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] },
        opensAt: '2020-01-01 08:00',
        closesAt: '2099-01-01 08:00',
        questions: [{ bankQuestionId: (question.body.data as { id: number }).id, score: 100 }],
        passScore: 60,
      },
      hr,
    );
    const paperId = (published.body.data as { id: number }).id;
    const token = await t.login(passer.empNo, FACTORY_PASSWORD_HASH);
    const attempt = (await t.call(routes.startPaperAttempt, { id: paperId, type: 'EXAM' }, token)).body.data as {
      questions: { id: number }[];
    };
    const answer = Object.fromEntries(attempt.questions.map((shown) => [shown.id, 'Y']));
    const sent = await t.call(
      routes.modifyEmployeeExam,
      { modify: { paperId, examType: 'EXAM', answer: JSON.stringify(answer) } },
      token,
    );
    expect(sent.body.result).toBe(true);

    const material = await makeStudyMaterial(t.database, [], { name: `仪表盘资料${Date.now()}`, fileName: 'a.pdf' });
    await t.database.pool.query(
      "update training_materials set bu = 'NT', kind = 'document', state = 'ready' where id = $1",
      [material.id],
    );
    const assigned = await t.call(
      routes.assignMaterial,
      {
        materialId: material.id,
        trainTheme: '冬季防火',
        audience: { plants: ['NT'], departments: [{ bu: 'NT', name: dept }] },
        dueAt: '2099-12-31 18:00',
        isRequired: true,
      },
      hr,
    );
    expect(assigned.body.result).toBe(true);

    const nt = await dashboardOf(hr, 'NT');
    expect(nt.exam).toEqual({
      id: paperId,
      title: expect.stringMatching(/^仪表盘考试/),
      isOpen: true,
      audience: 2,
      submitted: 1,
      passed: 1,
    });
    const results = (await t.call(routes.getPaperResults, { id: paperId }, hr)).body.data as {
      departments: { submittedCount: number; passedCount: number }[];
    };
    expect(results.departments).toEqual([expect.objectContaining({ submittedCount: 1, passedCount: 1 })]);
    expect(nt.study).toEqual({
      materialId: material.id,
      title: '冬季防火',
      isRequired: true,
      dueAt: '2099-12-31 18:00',
      audience: 2,
      done: 0,
      overdue: 0,
    });
    expect(absent.id).toBeGreaterThan(0);
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
