// Per test file: a fresh database cloned from the seeded template, the app on it, and helpers to call it.
import { randomBytes } from 'node:crypto';
import type { DataOf, Envelope, RequestOf, RouteSpec } from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, readConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { type JobDefinition, type JobQueue, startJobQueue } from '../src/jobs/queue';
import { sha256Hex } from '../src/lib/passwords';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { checkEveryAnswer } from './contract-answers';
import { TEST_SECRET_KEY } from './secret-key';

export const DEMO_PASSWORD_HASH = sha256Hex(DEMO_PASSWORD);

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** POSTs a contract call; `token` null sends none. */
  call: <R extends RouteSpec>(
    route: R,
    body: RequestOf<R> | Record<string, unknown>,
    token?: string | null,
  ) => Promise<{ status: number; body: Envelope<DataOf<R>> }>;
  /** Signs in through the API and answers the access token. */
  login: (empNo: string, password?: string) => Promise<string>;
  /** The job queue, when the test asked for one. */
  jobs?: JobQueue;
  close: () => Promise<void>;
};

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

export const createTestContext = async (
  env: Record<string, string> = {},
  { jobs: jobDefinitions }: { jobs?: JobDefinition[] } = {},
): Promise<TestContext> => {
  const adminUrl = inject('adminUrl');
  const name = `ess_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Two files cloning at the same instant would both need the template alone: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
      break;
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const database = openDatabase(withDatabase(adminUrl, name), { max: 5 });
  const config = readConfig({
    DATA_DIR: '/tmp/ess-test-unused',
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'silent',
    // The tests run in the app's own process and build large workbooks on its loop: that lag is theirs, not load.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  // A queue that looks at its schedules every second and asks for jobs twice a second, as an instance would slower.
  const jobs = jobDefinitions
    ? await startJobQueue({
        url: database.url,
        jobs: jobDefinitions,
        logError: () => {},
        cronCheckSeconds: 1,
        pollSeconds: 0.5,
      })
    : undefined;
  const app = await buildApp({ config, database, jobs });
  await app.ready();
  checkEveryAnswer(app);

  const call: TestContext['call'] = async (route, body, token) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${route.path}`,
      headers: token ? { token, authorization: `Bearer ${token}` } : {},
      payload: body as Record<string, unknown>,
    });
    return { status: response.statusCode, body: response.json() };
  };

  const login: TestContext['login'] = async (empNo, password = DEMO_PASSWORD_HASH) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Account/CheckLogin',
      payload: { userAccount: empNo, password, isRemember: true },
    });
    const body = response.json();
    if (!body.result) throw new Error(`login ${empNo} failed: ${body.msg}`);
    return body.data.token as string;
  };

  return {
    app,
    database,
    config,
    call,
    login,
    jobs,
    close: async () => {
      await jobs?.stop();
      await app.close();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};
