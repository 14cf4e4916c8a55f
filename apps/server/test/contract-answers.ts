// Every successful answer a test receives is read with its call's answer schema: a server test then also guards the
// contract's answer shapes (a missing or mistyped field, or a field the contract does not describe, fails the test).
import { type RouteSpec, routes } from '@ess/contract';
import { contentOfJsonText } from '@ess/contract/json-text';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';

const routeByPath = new Map<string, RouteSpec>(Object.values(routes).map((route) => [route.path, route]));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields of the answer that parsing stripped: the schema does not describe them. */
const undescribedFields = (raw: unknown, parsed: unknown, at: string, found: string[]) => {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    raw.forEach((item, index) => {
      undescribedFields(item, parsed[index], `${at}[${index}]`, found);
    });
  } else if (isPlainObject(raw) && isPlainObject(parsed)) {
    for (const [key, value] of Object.entries(raw)) {
      if (!(key in parsed)) found.push(`${at}.${key}`);
      else undescribedFields(value, parsed[key], `${at}.${key}`, found);
    }
  }
  return found;
};

/** Throws when `data` is not of `schema`'s shape or holds fields it does not describe. */
const checkShape = (path: string, schema: z.ZodType, data: unknown, what: string) => {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`);
    throw new Error(`${path} answered ${what} its contract does not describe:\n  ${issues.join('\n  ')}`);
  }
  const extra = undescribedFields(data, parsed.data, 'data', []);
  if (extra.length > 0) {
    throw new Error(
      `${path} answered ${what} with fields its contract does not describe: ${extra.slice(0, 10).join(', ')}`,
    );
  }
};

/** Throws when a successful answer's data is not what the contract says the call answers. */
export const checkAnswer = (routeOrPath: RouteSpec | string, body: unknown) => {
  const route = typeof routeOrPath === 'string' ? routeByPath.get(routeOrPath) : routeOrPath;
  if (!route || !isPlainObject(body) || body.result !== true) return;
  checkShape(route.path, route.data, body.data, 'a shape');
  // JSON text (SPEC §7): what the text holds is checked as strictly as an answer's data.
  const content = contentOfJsonText(route.data);
  if (content && typeof body.data === 'string' && body.data !== '') {
    checkShape(route.path, content, JSON.parse(body.data), 'JSON text');
  }
};

/** The contract call an injected request addresses, if any. */
const pathOf = (options: InjectOptions | string) => {
  const url = typeof options === 'string' ? options : options.url;
  if (typeof url !== 'string') return undefined;
  return url.startsWith('/api/') ? url.slice('/api/'.length).split('?')[0] : undefined;
};

/**
 * Every answer the app gives to app.inject — the harness's calls, uploads and the tests' own requests — is checked
 * against its call's answer schema; a test then fails where the server answers what the contract does not describe.
 */
export const checkEveryAnswer = (app: FastifyInstance) => {
  const inject = app.inject.bind(app) as (options?: InjectOptions | string, callback?: unknown) => unknown;
  const checked = async (options: InjectOptions | string) => {
    const response = await (inject(options) as ReturnType<FastifyInstance['inject']>);
    const path = pathOf(options);
    if (path && routeByPath.has(path) && String(response.headers['content-type']).includes('application/json')) {
      checkAnswer(path, response.json());
    }
    return response;
  };
  // Without options (the chained form) or with a callback, the request goes unchecked.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback ? inject(options, callback) : checked(options)) as FastifyInstance['inject'];
};
