// Once per test run: a PostgreSQL (embedded, or TEST_DATABASE_URL) and a migrated, seeded template database
// that every test file clones (CREATE DATABASE … TEMPLATE), so files run in parallel on their own data.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPersonalDataCipher } from '../src/core/personal-data';
import { openDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { migrateDatabase } from '../src/db/migrate';
import { seedDemo } from '../src/seed/demo';
import { TEST_SECRET_KEY } from './secret-key';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

/** Employees in the test company: the two demo accounts and colleagues 100002…. */
export const TEST_EMPLOYEES = 30;

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

export default async function setup(project: TestProject) {
  let stopCluster = async () => {};
  let adminUrl = process.env.TEST_DATABASE_URL;
  let dataDir: string | undefined;
  if (!adminUrl) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ess-test-pg-'));
    const cluster = await startEmbeddedPostgres({ dataDir });
    adminUrl = cluster.adminUrl;
    stopCluster = cluster.stop;
  }
  const templateDatabase = `ess_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase}`);
  await admin.query(`create database ${templateDatabase}`);
  const templateUrl = withDatabase(adminUrl, templateDatabase);
  await migrateDatabase(templateUrl);
  const database = openDatabase(templateUrl, { max: 2 });
  await seedDemo(database.pool, {
    employees: TEST_EMPLOYEES,
    cipher: createPersonalDataCipher(TEST_SECRET_KEY),
  });
  await database.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`drop database if exists ${templateDatabase} with (force)`).catch(() => {});
    await admin.end();
    await stopCluster();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
