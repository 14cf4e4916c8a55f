// Each spec makes the employees and rows it reads, through the same factories as the server's tests, in the
// database of the server under test (the embedded cluster global-setup started in its DATA_DIR). A spec then
// states what it expects from what it made, and no two specs share an employee or the state one leaves behind.
import { afterAll, beforeAll } from 'vitest';
import { readConfig } from '../apps/server/src/config';
import { createPersonalDataCipher, type PersonalDataCipher } from '../apps/server/src/core/personal-data';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { openEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { serverOfThisThread } from './harness';

export * from '../apps/server/test/factories';

/** The name of the database the server makes in its embedded cluster (apps/server/src/db/connect.ts). */
const SERVER_DATABASE = 'ess';

/**
 * The server's database for the factories, opened before the spec's tests and closed after them; the server's
 * cipher of personal data (its SECRET_KEY) for the records, and its MEDIA_DIR for the files of study materials.
 */
export const useTestData = () => {
  const data = {} as { database: Database; cipher: PersonalDataCipher; mediaDir: string };
  beforeAll(async () => {
    const { dataDir } = serverOfThisThread();
    const cluster = await openEmbeddedPostgres({ dataDir });
    data.database = openDatabase(cluster.urlFor(SERVER_DATABASE), { max: 2 });
    // As the server read them: the environment it was started with, its DATA_DIR.
    const config = readConfig({ ...process.env, DATA_DIR: dataDir });
    data.cipher = createPersonalDataCipher(config.secretKey, config.previousSecretKeys);
    data.mediaDir = config.mediaDir;
  });
  afterAll(() => data.database?.close());
  return data;
};
