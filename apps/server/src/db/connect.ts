// Opens the database the configuration names: DATABASE_URL, or the embedded cluster in DATA_DIR.
// Either way the schema is migrated before anything uses it.
import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { startEmbeddedPostgres } from './embedded';
import { ensureDatabase, migrateDatabase } from './migrate';

const EMBEDDED_DATABASE = 'ess';

export const openDatabaseForTools = async (
  config: Config,
  log: (message: string) => void = () => {},
): Promise<{ database: Database; stop: () => Promise<void>; isEmbedded: boolean }> => {
  if (config.DATABASE_URL) {
    await migrateDatabase(config.DATABASE_URL);
    return {
      database: openDatabase(config.DATABASE_URL, { max: config.DB_POOL_SIZE }),
      stop: async () => {},
      isEmbedded: false,
    };
  }
  const cluster = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  try {
    await ensureDatabase(cluster.adminUrl, EMBEDDED_DATABASE);
    const url = cluster.urlFor(EMBEDDED_DATABASE);
    await migrateDatabase(url);
    return { database: openDatabase(url, { max: config.DB_POOL_SIZE }), stop: cluster.stop, isEmbedded: true };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
};
