// The answer envelope of every call: { result, msg, data, totalCount? }.
import type { Envelope } from '@ess/contract';
import type { FastifyReply } from 'fastify';
import type { BusinessError } from '../core/errors';

export const OK_MESSAGE = '操作成功';

export const envelope = <T>(result: boolean, msg: string, data: T, totalCount?: number): Envelope<T> =>
  totalCount === undefined ? { result, msg, data } : { result, msg, data, totalCount };

/** A refusal: `result:false` with its message, under the HTTP status its error code carries. */
export const sendError = (reply: FastifyReply, error: BusinessError) =>
  reply.code(error.status).send(envelope(false, error.message, null));
