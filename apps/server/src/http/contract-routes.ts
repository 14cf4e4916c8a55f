// Registers the contract's calls on Fastify: access from the contract entry, the body validated with its
// schema, the handler (validate → service), the answer wrapped in the envelope.
import type { DataOf, ParsedRequestOf, RouteSpec } from '@ess/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Caller, requireMenu, requireRole } from '../core/caller';
import { BusinessError } from '../core/errors';
import { envelope, OK_MESSAGE, sendError } from './envelope';

export type Answer<T> = { data: T; totalCount?: number; msg?: string };

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

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The `Idempotency-Key` header of a repeatable write; absent is allowed (the write then acts every time). */
const readIdempotencyKey = (request: FastifyRequest): string | undefined => {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw new BusinessError('INVALID_INPUT', { detail: '请求标识格式无效' });
  }
  return key;
};

export type CallInput<R extends RouteSpec, C> = {
  body: ParsedRequestOf<R>;
  caller: C;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Set on contract entries marked isIdempotent when the client sent one. */
  idempotencyKey: string | undefined;
};

type Handler<R extends RouteSpec, C> = (input: CallInput<R, C>) => Promise<Answer<DataOf<R>>>;

/** Route configuration beyond access, e.g. a rate limit. */
type ExtraConfig = Omit<FastifyContextConfig, 'access'>;

const register = <R extends RouteSpec, C>(
  app: FastifyInstance,
  route: R,
  { isPublic, config }: { isPublic: boolean; config?: ExtraConfig },
  handler: Handler<R, C>,
) => {
  if (Boolean(route.isPublic) !== isPublic) {
    throw new Error(`${route.path}: the contract and the registration disagree on whether it is public`);
  }
  const access = isPublic ? 'public' : 'private';
  app.post(`/api/${route.path}`, { config: { ...config, access, isApiCall: true } }, async (request, reply) => {
    try {
      const { caller } = request;
      // The guard let a private call through only with a caller; what the caller may do is the contract's.
      if (!isPublic && caller) {
        if (route.role) requireRole(caller, route.role);
        if (route.menu) requireMenu(caller, route.menu);
      }
      // A multipart call's fields arrive with its file: its handler reads them (readUpload) in the order they come.
      const parsed = route.isMultipart
        ? { ok: true as const, data: undefined as ParsedRequestOf<R> }
        : parseRequest(route, request.body);
      if (!parsed.ok) return envelope(false, parsed.message, null);
      const answer = await handler({
        body: parsed.data,
        caller: caller as C,
        request,
        reply,
        idempotencyKey: route.isIdempotent ? readIdempotencyKey(request) : undefined,
      });
      return envelope(true, answer.msg ?? OK_MESSAGE, answer.data, answer.totalCount);
    } catch (error) {
      if (error instanceof BusinessError) return sendError(reply, error);
      throw error;
    }
  });
};

/** A call behind the auth guard: the handler always has the caller. */
export const registerCall = <R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R, Caller>,
  config?: ExtraConfig,
) => register(app, route, { isPublic: false, config }, handler);

/** A call on the short public list (sign-in, reset, public forms). */
export const registerPublicCall = <R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R, Caller | undefined>,
  config?: ExtraConfig,
) => register(app, route, { isPublic: true, config }, handler);
