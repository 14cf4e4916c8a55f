// The answer envelope of every call: { result, msg, data, totalCount? }.
import type { Envelope } from '@ess/contract';
import type { FastifyReply } from 'fastify';
import type { BusinessError, ErrorCode } from '../core/errors';

export const OK_MESSAGE = '操作成功';

export const envelope = <T>(result: boolean, msg: string, data: T, totalCount?: number): Envelope<T> =>
  totalCount === undefined ? { result, msg, data } : { result, msg, data, totalCount };

declare module 'fastify' {
  interface FastifyRequest {
    /** The refusal a call answered with, counted by /metrics (sign-in failures and lockouts among them). */
    refusal?: ErrorCode;
  }
}

/** A refusal: `result:false` with its message, under the HTTP status its error code carries. */
export const sendError = (reply: FastifyReply, error: BusinessError) => {
  reply.request.refusal = error.code;
  return reply.code(error.status).send(envelope(false, error.message, null));
};
