// Registers contract calls on Fastify: validate the body, call the service, wrap the answer in the envelope.
import type { DataOf, Envelope, ParsedRequestOf, RouteSpec } from '@ess/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller } from './auth';

/** A business or validation failure: HTTP 200, `result:false`, the message shown to the user. */
export class BusinessError extends Error {}

export type Answer<T> = { data: T; totalCount?: number; msg?: string };
const OK_MESSAGE = '操作成功';

export const envelope = <T>(result: boolean, msg: string, data: T, totalCount?: number): Envelope<T> =>
  totalCount === undefined ? { result, msg, data } : { result, msg, data, totalCount };

const zhCN = z.locales.zhCN();

/** Messages a schema did not write itself get the field's name in front, so the user knows which one. */
const namedFieldError = (issue: Parameters<typeof zhCN.localeError>[0]) => {
  const localised = zhCN.localeError(issue);
  const message = typeof localised === 'string' ? localised : (localised?.message ?? '请求参数无效');
  const field = (issue.path ?? []).map(String).join('.');
  return field ? `${field}：${message}` : message;
};

/** Validates a request body; answers the first problem in Chinese. */
export const parseRequest = <R extends RouteSpec>(
  route: R,
  body: unknown,
): { ok: true; data: ParsedRequestOf<R> } | { ok: false; message: string } => {
  const parsed = route.request.safeParse(body ?? {}, { error: namedFieldError });
  if (parsed.success) return { ok: true, data: parsed.data as ParsedRequestOf<R> };
  return { ok: false, message: parsed.error.issues[0]?.message ?? '请求参数无效' };
};

type Handler<R extends RouteSpec, C> = (input: {
  body: ParsedRequestOf<R>;
  caller: C;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<Answer<DataOf<R>>>;

const register = <R extends RouteSpec, C>(
  app: FastifyInstance,
  route: R,
  isPublic: boolean,
  handler: Handler<R, C>,
) => {
  if (Boolean(route.isPublic) !== isPublic) {
    throw new Error(`${route.path}: the contract and the registration disagree on whether it is public`);
  }
  app.post(`/api/${route.path}`, { config: { isPublic } }, async (request, reply) => {
    const parsed = parseRequest(route, request.body);
    if (!parsed.ok) return envelope(false, parsed.message, null);
    try {
      const answer = await handler({
        body: parsed.data,
        caller: request.caller as C,
        request,
        reply,
      });
      return envelope(true, answer.msg ?? OK_MESSAGE, answer.data, answer.totalCount);
    } catch (error) {
      if (error instanceof BusinessError) return envelope(false, error.message, null);
      throw error;
    }
  });
};

/** A call behind the auth guard: the handler always has the caller. */
export const registerCall = <R extends RouteSpec>(app: FastifyInstance, route: R, handler: Handler<R, Caller>) =>
  register(app, route, false, handler);

/** A call on the short public list (sign-in, reset, public forms). */
export const registerPublicCall = <R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R, Caller | undefined>,
) => register(app, route, true, handler);
