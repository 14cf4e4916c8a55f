// Opens the database the configuration names: DATABASE_URL, or the embedded cluster in DATA_DIR.
// Either way the schema is migrated before anything uses it.
import type { Config } from '../config';
import { keyIdOf } from '../core/personal-data';
import { backupBeforeMigrations } from '../ops/before-migrations';
import { databaseUrlError } from '../startup-checks';
import { type Database, openDatabase } from './client';
import { type EmbeddedCluster, type EmbeddedOptions, openEmbeddedPostgres, startEmbeddedPostgres } from './embedded';
import { ensureDatabase, migrateDatabase } from './migrate';

const EMBEDDED_DATABASE = 'ess';

type Opened = {
  database: Database;
  stop: () => Promise<void>;
  isEmbedded: boolean;
  /** The embedded cluster's files, when there is one. */
  embeddedDir?: string;
};

type Reporting = Pick<EmbeddedOptions, 'log' | 'logError' | 'onLost'>;

/**
 * The server: owns the embedded cluster (refuses when another live server does), in a session of its own so that
 * a signal to the server's process group reaches the server alone, which stops the cluster after its requests.
 */
export const openDatabaseForServer = (config: Config, reporting: Reporting = {}) =>
  openConfiguredDatabase(
    config,
    (options) => startEmbeddedPostgres({ ...options, ...reporting, isDetached: true }),
    reporting.log ?? (() => {}),
  );

/** Command-line tools: use the embedded cluster of a running server, never stop it; else start one for the run. */
export const openDatabaseForTools = (config: Config, reporting: Reporting = {}) =>
  openConfiguredDatabase(config, (options) => openEmbeddedPostgres({ ...options, ...reporting }));

const openConfiguredDatabase = async (
  config: Config,
  openCluster: (options: EmbeddedOptions) => Promise<EmbeddedCluster>,
  /** Given for the server: it backs the embedded database up before migrating an older schema. */
  logBackup?: (message: string) => void,
): Promise<Opened> => {
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    await migrateDatabase(url).catch((error) => {
      throw databaseUrlError(url, error) ?? error;
    });
    return {
      database: openDatabase(config.DATABASE_URL, { max: config.DB_POOL_SIZE }),
      stop: async () => {},
      isEmbedded: false,
    };
  }
  const cluster = await openCluster({ dataDir: config.dataDir });
  try {
    await ensureDatabase(cluster.adminUrl, EMBEDDED_DATABASE);
    const url = cluster.urlFor(EMBEDDED_DATABASE);
    if (logBackup) {
      await backupBeforeMigrations(url, {
        mediaDir: config.mediaDir,
        backupDir: config.backupDir,
        keyId: keyIdOf(config.secretKey),
        log: logBackup,
      });
    }
    await migrateDatabase(url);
    return {
      database: openDatabase(url, { max: config.DB_POOL_SIZE }),
      stop: cluster.stop,
      isEmbedded: true,
      embeddedDir: cluster.pgDir,
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
};
