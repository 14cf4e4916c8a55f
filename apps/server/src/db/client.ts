// The Drizzle handle over a node-postgres pool; one per server instance.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

// Dates and timestamps come back as text / Date as drizzle expects; numeric is mapped by the schema.
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Database = {
  /** Where it is, for the job queue's own connections. */
  url: string;
  db: Db;
  pool: pg.Pool;
  /**
   * For /healthz, /readyz and /metrics: its own connection, so a health check never queues behind busy request
   * traffic (and is not counted as the traffic's wait).
   */
  health: Pick<pg.Pool, 'query'>;
  close: () => Promise<void>;
};

export const openDatabase = (url: string, { max = 20 }: { max?: number } = {}): Database => {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const healthPool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 60_000 });
  healthPool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return {
    url,
    db,
    pool,
    health: healthPool,
    close: async () => {
      await Promise.all([pool.end(), healthPool.end()]);
    },
  };
};
