// Two servers started at the same moment on one empty PostgreSQL with SEED_DEMO=yes: the seed runs under the
// migration lock, so the second waits, finds the company seeded and starts as well; the data is there once.
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  createEmptyDatabase,
  findFreePort,
  type ServerProcess,
  signIn,
  spawnServer,
  stopProcess,
  waitForHealth,
} from '../../test/server-process';
import { DEMO_BANNERS } from './demo-banners';

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await stopProcess(server.child);
});

describe('seeding an empty database from two servers at once', () => {
  it('seeds once; both servers start and serve the demo accounts', async () => {
    const database = await createEmptyDatabase(inject('adminUrl'));
    try {
      const ports = [await findFreePort(), await findFreePort()];
      for (const port of ports) {
        servers.push(
          spawnServer({ DATABASE_URL: database.url, SEED_DEMO: 'yes', PORT: String(port), SECRET_KEY: 's'.repeat(40) }),
        );
      }
      for (const [index, port] of ports.entries()) await waitForHealth(`http://127.0.0.1:${port}`, servers[index]!);

      const [counts] = await database.query<Record<string, number>>(
        `select (select count(*)::int from employees) as employees,
                (select count(*)::int from employees where emp_no = '100001') as demo_employee,
                (select count(*)::int from roles) as roles,
                (select count(*)::int from banners) as banners,
                (select count(*)::int from payslips) as payslips`,
      );
      expect(counts).toEqual({
        employees: 201, // the seed's 200 and the plant clerk
        demo_employee: 1,
        roles: 4,
        banners: DEMO_BANNERS.length,
        payslips: 201 * 24,
      });
      for (const port of ports) {
        expect((await signIn(`http://127.0.0.1:${port}`, '100001', 'demo1234')).body.result).toBe(true);
      }
      for (const server of servers) {
        await stopProcess(server.child);
        expect(await server.exited).toBe(0);
      }
    } finally {
      await database.drop();
    }
  }, 180_000);
});
