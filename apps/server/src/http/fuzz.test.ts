// Hostile input against every call of the route table, anonymous and signed in: generated bodies from
// the contract's schemas with wrong types, NUL and control characters, huge strings, deep nesting and
// prototype keys. Whatever arrives, the answer is the envelope and never a 5xx, and nothing is polluted.
import { type RouteSpec, routes } from '@ess/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let token: string;
beforeAll(async () => {
  // The per-IP sign-in limit would only turn the fuzzed sign-ins into refusals; keep them reaching the service.
  t = await createTestContext({ LOGIN_RATE_LIMIT: '100000' });
  // The reviewer holds every role and menu, so the signed-in bodies reach every service.
  token = await t.login('900001');
});
afterAll(() => t.close());

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);
const allRoutes = Object.values(routes) as RouteSpec[];

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[2J',
    '\ud800',
    '\uffff',
    '𠮷野家',
    '%00',
    "'; drop table employees; --",
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    '',
    ' ',
    '2026-13-45',
    '-1',
    '1e309',
  ),
  fc.constantFrom(1_000, 70_000, 400_000).map((length) => 'x'.repeat(length)),
);

const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    hostileText,
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'CurrentPage', 'a'), tie('value'), {
      maxKeys: 3,
    }),
  ),
}));
const shapeOf = (route: RouteSpec): Record<string, z.ZodType> => (route.request as z.ZodObject).shape ?? {};

/** Enum and literal values a schema accepts, found through its wrappers (default, optional, pipe …). */
const valuesNamedBy = (schema: z.ZodType): unknown[] => {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = ['innerType', 'in', 'out', 'schema']
    .map((key) => def[key])
    .filter((value): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value);
  const own =
    def.type === 'enum'
      ? Object.values(def.entries as object)
      : def.type === 'literal'
        ? (def.values as unknown[])
        : [];
  return [...own, ...inner.flatMap(valuesNamedBy)];
};

const GENERIC_CANDIDATES: unknown[] = [
  '2026-01',
  '2026-01-15',
  'a'.repeat(64),
  '一段正常的文字',
  '100001',
  1,
  3,
  true,
  { CurrentPage: 1, PageSize: 10 },
  [1, 2],
];

/**
 * A body the route accepts (each field the first candidate its schema takes), so that twisting one field
 * reaches the service and the database instead of stopping at the first validation.
 */
const validBodyOf = (route: RouteSpec) =>
  Object.fromEntries(
    Object.entries(shapeOf(route)).flatMap(([field, schema]) => {
      const found = [...valuesNamedBy(schema), ...GENERIC_CANDIDATES].find(
        (candidate) => schema.safeParse(candidate).success,
      );
      return found === undefined ? [] : [[field, found]];
    }),
  );

/** A hostile twist of a valid value: text with control characters or past its limits, or another type. */
const twist = (valid: unknown) =>
  typeof valid === 'string'
    ? fc.oneof(
        hostileValue,
        fc.constantFrom('\u0000', '\u0007', '\u001b[0m', '\ud800').map((bad) => `${valid}${bad}`),
        fc.constantFrom(1_000, 100_000).map((length) => valid.repeat(Math.ceil(length / Math.max(valid.length, 1)))),
      )
    : hostileValue;

/** A body as JSON text: a valid body with one field twisted, every field hostile, or a malformed text. */
const hostileBody = (route: RouteSpec) => {
  const valid = validBodyOf(route);
  const fields = Object.keys(shapeOf(route));
  return fc.oneof(
    fields.length === 0
      ? fc.constant(JSON.stringify(valid))
      : fc
          .constantFrom(...fields)
          .chain((field) => twist(valid[field]).map((value) => JSON.stringify({ ...valid, [field]: value }))),
    fc
      .record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] })
      .chain((body) =>
        fc
          .dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'token'), hostileValue, { maxKeys: 2 })
          .map((extra) => JSON.stringify({ ...body, ...extra })),
      ),
    hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.constantFrom(
      '{"__proto__":{"isAdmin":true,"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
      '{"a":1,"a":2}',
      '',
      '"just a string"',
      '{bad json',
    ),
  );
};

type InjectedResponse = { statusCode: number; headers: Record<string, unknown>; body: string };

const expectEnvelope = (route: RouteSpec, response: InjectedResponse) => {
  const where = `${route.path} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(String(response.headers['content-type']), where).toContain('application/json');
  const answer = JSON.parse(response.body);
  expect(typeof answer.result, where).toBe('boolean');
  expect(typeof answer.msg, where).toBe('string');
  expect('data' in answer, where).toBe(true);
};

describe('hostile input to every route', () => {
  it('finds a body each route accepts, so the twisted ones reach the services', async () => {
    for (const route of allRoutes.filter((candidate) => !candidate.isPublic)) {
      const response = await t.call(route, validBodyOf(route), token);
      expect(response.status, route.path).toBe(200);
    }
  });

  it.each(allRoutes.map((route) => [route.path, route] as const))(
    '%s answers the envelope, never a 5xx, anonymous and signed in',
    async (_path, route) => {
      await fc.assert(
        fc.asyncProperty(hostileBody(route), fc.boolean(), async (payload, isSignedIn) => {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/${route.path}`,
            headers: { 'content-type': 'application/json', ...(isSignedIn ? { token } : {}) },
            payload,
          });
          expectEnvelope(route, response);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
  );

  // Ids past PostgreSQL's integer (2^31 − 1) are refused by the contract, not by the database with a 500.
  it('answers the envelope for every number field at 2^31 and at 2^53 − 1, signed in', async () => {
    for (const route of allRoutes) {
      const valid = validBodyOf(route);
      for (const [field, value] of Object.entries(valid)) {
        // A number, or a number as text (the coerced ids).
        if (typeof value !== 'number' && !(typeof value === 'string' && /^\d+$/.test(value))) continue;
        for (const huge of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/${route.path}`,
            headers: { 'content-type': 'application/json', token },
            payload: JSON.stringify({ ...valid, [field]: huge }),
          });
          expectEnvelope(route, response);
        }
      }
    }
  });

  it('still serves the demo employee afterwards', async () => {
    const response = await t.call(routes.checkUserToken, {}, token);
    expect(response.body.data.userAccount).toBe('900001');
  });
});
