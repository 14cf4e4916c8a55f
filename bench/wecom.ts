// Issue 23's figures (`npm run bench -- --only wecom`), against a fake WeCom in this process: a month's payslip
// messages to every employee (80,000) carried to WeCom by the server's relay job — the time until every one has been
// handed to the fake and the calls it took — with the payslip call measured beside it against the same call alone;
// and the silent sign-in's own time on the server (the two hops of the server, without WeCom's part).
import type pg from 'pg';
import type { FakeWechat } from '../apps/server/test/fake-wechat';

type Load = (name: string) => Promise<{ rps: number; p99: number }>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const benchWecom = async ({
  base,
  pool,
  fake,
  loadPayslip,
}: {
  base: string;
  pool: pg.Pool;
  fake: FakeWechat;
  /** The payslip call under load for the bench's duration. */
  loadPayslip: Load;
}) => {
  const lines: string[] = [];
  const { rows: counted } = await pool.query<{ n: number }>(
    'select count(*)::int as n from employees where left_on is null',
  );
  const everyone = counted[0]?.n ?? 0;
  // The relay starts from the newest message at its first run (turning WeCom on does not send the past): wait for it.
  for (let waited = 0; ; waited += 200) {
    const { rowCount } = await pool.query("select 1 from relay_cursors where channel = 'wecom'");
    if (rowCount) break;
    if (waited > 60_000) throw new Error('the relay job did not run within a minute');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const alone = await loadPayslip('payslip alone');
  // What the payslip publish writes for every employee of its batch (payslip-batches/service.ts).
  fake.sends.length = 0;
  const callsBefore = fake.counts['/cgi-bin/message/send'] ?? 0;
  const started = Date.now();
  await pool.query(
    `insert into messages (employee_id, title, body, link)
     select id, '2026年10月工资单已发布', '您的工资单已可查询，请核对后点击“确认无误”。', '/salary/my-salary'
     from employees where left_on is null`,
  );
  const reached = () => fake.sends.reduce((sum, send) => sum + send.touser.length, 0);
  const during = await loadPayslip('payslip while the relay sends');
  for (;;) {
    if (reached() >= everyone) break;
    if (Date.now() - started > 10 * 60_000) throw new Error(`only ${reached()} of ${everyone} reached WeCom in 10 min`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (Date.now() - started) / 1000;
  const calls = (fake.counts['/cgi-bin/message/send'] ?? 0) - callsBefore;
  const unique = new Set(fake.sends.flatMap((send) => send.touser)).size;
  lines.push(
    `| a month's payslip messages to ${everyone.toLocaleString('en')} employees handed to WeCom | ${seconds.toFixed(1)} s from the publish's messages to the last card; ${calls} calls (at most 1,000 members each: ≥ ${Math.ceil(everyone / 1000)}); ${unique.toLocaleString('en')} members, none twice | — |`,
    `| the payslip call while the relay sends them | ${Math.round(during.rps)} req/s = ${(during.rps / alone.rps).toFixed(2)} × alone (${Math.round(alone.rps)}); p99 ${during.p99} ms | ≥ 0.8 × |`,
  );

  // Silent sign-in: the server's two hops (to WeCom's page, and the callback that signs in), 200 times one after
  // another; WeCom's own part (its page and the code's exchange) is the fake's and is measured apart.
  const { rows: people } = await pool.query<{ emp_no: string }>(
    "select emp_no from employees where left_on is null and emp_no like '1%' order by random() limit 200",
  );
  const serverMs: number[] = [];
  const exchangeMs: number[] = [];
  for (const person of people) {
    fake.signInAs({ userid: person.emp_no });
    const begin = performance.now();
    const first = await fetch(`${base}/api/Wechat/OAuth?next=%2Fsalary%2Fmy-salary`, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 wxwork/4.1.22' },
    });
    const beginMs = performance.now() - begin;
    const nonce = /ess_oauth=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const authorize = await fetch(first.headers.get('location') as string, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') as string);
    // WeCom's exchange of a code, alone: what the callback waits for.
    const probeCode = fake.issueCode();
    const probe = performance.now();
    await fetch(`${fake.url}/cgi-bin/auth/getuserinfo?access_token=x&code=${probeCode}`);
    const exchange = performance.now() - probe;
    const back = performance.now();
    const landed = await fetch(`${base}${callback.pathname}${callback.search}`, {
      redirect: 'manual',
      headers: { cookie: `ess_oauth=${nonce}`, 'user-agent': 'Mozilla/5.0 wxwork/4.1.22' },
    });
    const backMs = performance.now() - back;
    if (landed.headers.get('location') !== '/salary/my-salary' && landed.headers.get('location') !== '/home') {
      throw new Error(`the silent sign-in did not land: ${landed.status} ${landed.headers.get('location')}`);
    }
    serverMs.push(beginMs + backMs - exchange);
    exchangeMs.push(exchange);
  }
  lines.push(
    `| silent sign-in, the server's own time (its two hops less WeCom's code exchange), 200 in a row | median ${median(serverMs).toFixed(1)} ms, slowest ${Math.max(...serverMs).toFixed(1)} ms (the fake's exchange: median ${median(exchangeMs).toFixed(1)} ms) | ≤ 50 ms |`,
  );
  console.log('\n| WeCom goal | figure | target |');
  console.log('|---|---|---|');
  for (const line of lines) console.log(line);
};
