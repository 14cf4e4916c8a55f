// The per-address limits of the public forms' calls (@fastify/rate-limit, counted in Redis when several instances
// run). Anonymous callers count by address; a signed-in caller counts on their own, so a flood from a factory
// gate's shared address cannot stop an employee's own submission or any signed-in call.
import type { FastifyRequest } from 'fastify';
import { BusinessError, type ErrorCode } from '../core/errors';

export const PUBLIC_RATE_WINDOW_MS = 60_000;

/** Each call counts on its own (the counters are per route). */
export const publicRateLimit = ({ max, refusal }: { max: number; refusal: ErrorCode }) => ({
  rateLimit: {
    max,
    timeWindow: PUBLIC_RATE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => (request.caller ? `emp:${request.caller.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () => new BusinessError(refusal),
  },
});
