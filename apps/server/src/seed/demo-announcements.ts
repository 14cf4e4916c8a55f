// The demo company's notices (公告), published through the service HR uses in the console: one from the SysAdmin to
// every production team of every plant that must be acknowledged, and one from NT's clerk to NT's 总装一班; and an
// exam NT's clerk published. All name teams, so the employees the tests make (no team) meet none of them.
import { paperDraft } from '@ess/contract/paper-authoring';
import { PLANTS } from '@ess/contract/plants';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Caller } from '../core/caller';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';
import { createLiveAnnouncements } from '../modules/announcements/live';
import { publishAnnouncement } from '../modules/announcements/service';
import { publishPaper } from '../modules/training/service';

/** A demo account as the services see their caller. */
export const callerOf = async (
  pool: pg.Pool,
  empNo: string,
  roles: string[],
  adminPlants: readonly string[],
): Promise<Caller> => {
  const { rows } = await pool.query<{ id: number; bu: string }>('select id, bu from employees where emp_no = $1', [
    empNo,
  ]);
  const [row] = rows;
  if (!row) throw new Error(`demo employee ${empNo} is missing`);
  return { id: row.id, empNo, bu: row.bu, roles, menuCodes: new Set(), adminPlants: new Set(adminPlants) };
};

export const seedDemoAnnouncements = async (
  pool: pg.Pool,
  { sysAdmin, plantClerk }: { sysAdmin: string; plantClerk: string },
) => {
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Before any server reads them: nothing keeps live notices yet.
  const live = createLiveAnnouncements({ db });
  const admin = await callerOf(pool, sysAdmin, ['HRAdmin', 'SysAdmin'], PLANTS);
  const clerk = await callerOf(pool, plantClerk, ['HRAdmin'], ['NT']);
  await publishAnnouncement({ db, live }, admin, {
    requestId: 'seed',
    draft: {
      title: '关于元旦放假安排的通知',
      body:
        '<p>各位同事：</p><p>根据国家规定，<strong>1 月 1 日</strong>放假一天，1 月 2 日正常上班。</p>' +
        '<ul><li>放假期间值班人员按部门排班表执行；</li><li>离厂前请关闭设备电源，锁好门窗。</li></ul>' +
        '<p>请阅读后点击“我已阅读”。</p>',
      audience: {
        plants: [],
        departments: [],
        teams: [
          { bu: 'NT', name: '总装一班' },
          ...PLANTS.flatMap((bu) => Array.from({ length: 12 }, (_, index) => ({ bu, name: `班组${index + 1}` }))),
        ],
        positions: [],
        roles: [],
        empNos: [],
      },
      mustAcknowledge: true,
    },
  });
  await publishAnnouncement({ db, live }, clerk, {
    requestId: 'seed',
    draft: {
      title: '总装一班本周安全例会',
      body: '<p>周五下午三点在二楼会议室召开安全例会，请总装一班全体人员准时参加。</p>',
      audience: {
        plants: ['NT'],
        departments: [],
        teams: [{ bu: 'NT', name: '总装一班' }],
        positions: [],
        roles: [],
        empNos: [],
      },
      mustAcknowledge: false,
    },
  });
};

/** 'yyyy-MM-dd HH:mm' on Shanghai's clock, `days` from now. */
const shanghaiMinute = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

export const DEMO_PUBLISHED_EXAM_TITLE = '消防安全月度考试';

/**
 * An exam NT's clerk published from the bank's 消防安全 questions, through the console's service: open since
 * yesterday for a month, to NT's production teams (the employees the tests make have no team), so 考试与问卷, its 结果
 * and the dashboard have one to show, and the demo worker can take it in the app.
 */
export const seedDemoPublishedExam = async (pool: pg.Pool, { plantClerk }: { plantClerk: string }) => {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const clerk = await callerOf(pool, plantClerk, ['HRAdmin'], ['NT']);
  const { rows } = await pool.query<{ id: number }>(
    `select q.id from bank_questions q join question_categories c on c.id = q.category_id
     where c.bu = 'NT' and c.name = '消防安全' order by q.id`,
  );
  const scores = [20, 15, 20, 15, 15, 15];
  await publishPaper(db, clerk, {
    requestId: 'seed',
    draft: paperDraft.parse({
      examType: 'EXAM',
      title: DEMO_PUBLISHED_EXAM_TITLE,
      description: '限时 20 分钟，60 分及格；可考 2 次，两次间隔 10 分钟；截止后可查看答案和解析。',
      audience: {
        plants: ['NT'],
        teams: [
          { bu: 'NT', name: '总装一班' },
          ...Array.from({ length: 12 }, (_, index) => ({ bu: 'NT', name: `班组${index + 1}` })),
        ],
      },
      opensAt: shanghaiMinute(-1),
      closesAt: shanghaiMinute(30),
      questions: rows.map((row, index) => ({ bankQuestionId: row.id, score: scores[index] ?? 10 })),
      timeLimitMinutes: 20,
      passScore: 60,
      maxAttempts: 2,
      cooldownMinutes: 10,
      shuffleOptions: true,
      reviewMode: 'answers-after-close',
    }),
  });
};
