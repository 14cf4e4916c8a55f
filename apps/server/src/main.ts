// Starts the server: database (embedded or DATABASE_URL), migrations, demo data on an empty database, listen.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { readConfig } from './config';
import { createPersonalDataCipher } from './core/personal-data';
import { openDatabaseForServer } from './db/connect';
import { ClusterOwnedError } from './db/embedded';
import {
  DEMO_EMPLOYEE,
  DEMO_PASSWORD,
  DEMO_REVIEWER,
  isDatabaseEmpty,
  seedDemo,
  seedReferenceData,
} from './db/seed/demo';
import { installDemoMedia } from './db/seed/demo-training';
import { startHousekeeping } from './jobs/housekeeping';

const started = Date.now();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = readConfig({ WEB_DIST: path.join(repoRoot, 'apps/web/dist'), ...process.env });
const say = (message: string) => console.log(`[ess] ${message}`);

const { database, stop, isEmbedded, embeddedDir } = await openDatabaseForServer(config, say).catch((error) => {
  if (!(error instanceof ClusterOwnedError)) throw error;
  console.error(`[ess] ${error.message}`); // one line: the operator only needs to know who holds DATA_DIR
  process.exit(1);
});
const shouldSeed = config.SEED_DEMO === 'yes' || (config.SEED_DEMO === 'auto' && isEmbedded);
if (shouldSeed && (await isDatabaseEmpty(database.pool))) {
  say('empty database: seeding the demo company');
  await seedDemo(database.pool, { cipher: createPersonalDataCipher(config.secretKey, config.previousSecretKeys) });
  installDemoMedia(config.mediaDir);
} else {
  // Roles, menus and dictionaries a new version brings (the demo seed includes them).
  await seedReferenceData(database.pool);
}

const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
  : undefined;
redis?.on('error', (error) => say(`redis: ${error.message}`));
const app = await buildApp({ config, database, redis, withBenchRoutes: process.env.BENCH_ROUTES === 'true' });
const stopHousekeeping = startHousekeeping({ db: database.db, lockMinutes: config.LOGIN_LOCK_MINUTES }, say);

let isShuttingDown = false;
const shutdown = async (signal: string) => {
  if (isShuttingDown) return;
  isShuttingDown = true;
  say(`${signal}: finishing in-flight requests`);
  const forceExit = setTimeout(() => process.exit(1), 20_000);
  forceExit.unref();
  try {
    stopHousekeeping();
    await app.close(); // stops accepting, waits for in-flight requests
    await database.close();
    redis?.disconnect();
    await stop(); // the embedded cluster shuts down cleanly (checkpoint)
  } finally {
    process.exit(0);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://${shownHost}:${config.PORT}/`);
say(`database: ${isEmbedded ? `embedded PostgreSQL in ${embeddedDir}` : 'DATABASE_URL'}`);
if (shouldSeed || isEmbedded) {
  say(`demo employee: ${DEMO_EMPLOYEE} / ${DEMO_PASSWORD}   reviewer (AppVerify): ${DEMO_REVIEWER} / ${DEMO_PASSWORD}`);
}
