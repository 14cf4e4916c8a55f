// Two server instances on one test database and the real Redis (TEST_REDIS_URL), as a deployment behind a load
// balancer runs them: what one changes, the other hears through Redis. Without TEST_REDIS_URL the describe using
// them is skipped (CI's PostgreSQL 15 / Redis phase runs it).
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import type { TestContext } from './harness';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** Inside a describe: `first` and `second`, started before its tests and closed after them. */
export const useTwoInstances = (context: () => TestContext) => {
  const instances = {} as { first: FastifyInstance; second: FastifyInstance };
  let connections: Redis[] = [];
  const start = async (redis: Redis) => {
    const { config, database } = context();
    const app = await buildApp({ config, database, redis });
    await app.ready();
    return app;
  };
  beforeAll(async () => {
    connections = [new Redis(TEST_REDIS_URL as string), new Redis(TEST_REDIS_URL as string)];
    [instances.first, instances.second] = (await Promise.all(connections.map(start))) as [
      FastifyInstance,
      FastifyInstance,
    ];
  });
  afterAll(async () => {
    await Promise.all([instances.first?.close(), instances.second?.close()]);
    for (const redis of connections) redis.disconnect();
  });
  return instances;
};
