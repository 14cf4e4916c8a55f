// Every successful answer a test receives is read with its call's answer schema: a server test then also guards the
// contract's answer shapes (a missing or mistyped field, or a field the contract does not describe, fails the test).
import { type RouteSpec, routes } from '@ess/contract';

const routeByPath = new Map<string, RouteSpec>(Object.values(routes).map((route) => [route.path, route]));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields of the answer that parsing stripped: the schema does not describe them. */
const undescribedFields = (raw: unknown, parsed: unknown, at: string, found: string[]) => {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    raw.forEach((item, index) => undescribedFields(item, parsed[index], `${at}[${index}]`, found));
  } else if (isPlainObject(raw) && isPlainObject(parsed)) {
    for (const [key, value] of Object.entries(raw)) {
      if (!(key in parsed)) found.push(`${at}.${key}`);
      else undescribedFields(value, parsed[key], `${at}.${key}`, found);
    }
  }
  return found;
};

/** Throws when a successful answer's data is not what the contract says the call answers. */
export const checkAnswer = (routeOrPath: RouteSpec | string, body: unknown) => {
  const route = typeof routeOrPath === 'string' ? routeByPath.get(routeOrPath) : routeOrPath;
  if (!route || !isPlainObject(body) || body.result !== true) return;
  const parsed = route.data.safeParse(body.data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`);
    throw new Error(`${route.path} answered a shape its contract does not describe:\n  ${issues.join('\n  ')}`);
  }
  const extra = undescribedFields(body.data, parsed.data, 'data', []);
  if (extra.length > 0) {
    throw new Error(`${route.path} answered fields its contract does not describe: ${extra.slice(0, 10).join(', ')}`);
  }
};
