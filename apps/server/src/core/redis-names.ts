// Every key and channel a deployment keeps in Redis, under one prefix of its own: pub/sub channels are shared by
// every client of a Redis whatever its database number, so without a prefix another installation (or a test run)
// on the same Redis would push chat to, and close the sockets of, employees with the same ids.
import { createHash } from 'node:crypto';
import type pg from 'pg';

export type RedisNames = {
  /** The Notifier's pub/sub channel. */
  notifyChannel: string;
  /** Who is online, across instances (a sorted set). */
  presenceKey: string;
  /** The rate limiter's counters. */
  rateLimitNamespace: string;
};

export const redisNamesOf = (prefix: string): RedisNames => ({
  notifyChannel: `${prefix}notify`,
  presenceKey: `${prefix}online`,
  rateLimitNamespace: `${prefix}rl:`,
});

/**
 * The prefix when REDIS_PREFIX is not set: derived from the database the deployment runs on (the cluster's system
 * identifier, which its streaming replicas share, and the database's name), so that every instance of one
 * deployment agrees without a setting and two deployments never do. Where the identifier is not readable (a hosted
 * PostgreSQL may restrict it) the server's address stands in for it.
 */
export const deploymentRedisPrefix = async (pool: pg.Pool): Promise<string> => {
  const { rows } = await pool
    .query<{ identity: string }>(
      `select coalesce(
       (select system_identifier::text from pg_control_system()),
       coalesce(inet_server_addr()::text, 'local') || ':' || coalesce(inet_server_port()::text, '')
     ) || ':' || current_database() as identity`,
    )
    .catch(() =>
      pool.query<{ identity: string }>(
        `select coalesce(inet_server_addr()::text, 'local') || ':' || coalesce(inet_server_port()::text, '') || ':' ||
              current_database() as identity`,
      ),
    );
  const identity = rows[0]?.identity ?? 'unknown';
  return `ess:${createHash('sha256').update(identity).digest('hex').slice(0, 12)}:`;
};
