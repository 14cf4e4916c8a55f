// Fixed-window limits: in memory, and in Redis when several instances share the counters.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit';

const checkLimiter = async (limiter: RateLimiter) => {
  const key = `test:${randomUUID()}`;
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await limiter.hit(key, 3, 300));
  expect(answers).toEqual([true, true, true, false]);
  expect(await limiter.hit(`${key}:other`, 3, 300)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 350));
  expect(await limiter.hit(key, 3, 300)).toBe(true);
};

describe('rate limits', () => {
  it('counts per key in memory and resets with the window', () => checkLimiter(createMemoryRateLimiter()));

  // Redis is optional for users; CI sets TEST_REDIS_URL to prove the shared path.
  it.skipIf(!process.env.TEST_REDIS_URL)('counts per key in Redis, shared by two instances', async () => {
    const first = new Redis(process.env.TEST_REDIS_URL ?? '');
    const second = new Redis(process.env.TEST_REDIS_URL ?? '');
    try {
      await checkLimiter(createRedisRateLimiter(first));
      const key = `test:${randomUUID()}`;
      expect(await createRedisRateLimiter(first).hit(key, 1, 1000)).toBe(true);
      expect(await createRedisRateLimiter(second).hit(key, 1, 1000)).toBe(false);
    } finally {
      first.disconnect();
      second.disconnect();
    }
  });
});
