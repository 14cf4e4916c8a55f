// What of an error may be written to a log. A failed query's error carries its whole statement and parameter values
// (DrizzleQueryError's message and `params`), and PostgreSQL's own carries the row in `detail` ("Failing row contains
// (…)", "Key (bank_no)=(…)") and echoes a bad value in its message (invalid input syntax for type uuid: "…"): an
// employee's text, ID and account numbers would land in the logs, 17 KB per failure. Kept: what kind of error, the
// statement's verb and table, PostgreSQL's code and the names of the constraint, table and column, the stack frames.

export type SafeError = {
  type: string;
  message: string;
  code?: string;
  statement?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: SafeError;
};

type ErrorFields = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  query?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  stack?: unknown;
  cause?: unknown;
};

const MAX_MESSAGE = 300;

/** The verb and the first table of a statement, e.g. `insert into "notices"`; never a value. */
export const statementSummary = (query: string) => {
  const match =
    /\b(select|insert\s+into|update|delete\s+from|with|copy|alter\s+table|create\s+\w+)\s+("?[\w.]+"?)/i.exec(query);
  return match ? `${match[1]?.toLowerCase().replace(/\s+/g, ' ')} ${match[2]}` : (query.trim().split(/\s+/)[0] ?? '');
};

/**
 * PostgreSQL echoes the offending value at the end of some messages (`…: "value"`) and inside others (`value "…" is out
 * of range for type integer`): the value goes.
 */
const withoutEchoedValue = (message: string) =>
  message.replace(/:\s*".*"\s*$/s, ': "…"').replace(/\bvalue ".*?" is out of range/gs, 'value "…" is out of range');

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The frames of a stack without its first lines, which repeat the message. */
const framesOf = (stack: unknown) => {
  if (typeof stack !== 'string') return undefined;
  const at = stack.indexOf('\n    at ');
  return at >= 0 ? stack.slice(at + 1) : undefined;
};

export const safeError = (error: unknown, depth = 0): SafeError => {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return {
      type: typeof error,
      message: typeof error === 'string' ? withoutEchoedValue(error).slice(0, MAX_MESSAGE) : '',
    };
  }
  const fields = error as ErrorFields;
  const type = text(fields.name) ?? error.constructor?.name ?? 'Error';
  const query = text(fields.query);
  const statement = query ? statementSummary(query) : undefined;
  const message = query
    ? `failed query: ${statement}`
    : withoutEchoedValue(text(fields.message) ?? '').slice(0, MAX_MESSAGE);
  const described: SafeError = { type, message };
  const code = fields.code;
  if (typeof code === 'string' || typeof code === 'number') described.code = String(code);
  if (statement) described.statement = statement;
  for (const key of ['constraint', 'table', 'column'] as const) {
    const name = text(fields[key]);
    if (name) described[key] = name;
  }
  const stack = framesOf(fields.stack);
  if (stack) described.stack = stack;
  if (fields.cause !== undefined && depth < 3) described.cause = safeError(fields.cause, depth + 1);
  return described;
};

/** One line for a report of a background task: the kind, the code and the message, no values. */
export const safeErrorLine = (error: unknown): string => {
  const described = safeError(error);
  const innermost = described.cause ?? described;
  const parts = [described.message];
  if (described.cause)
    parts.push(`${innermost.type}${innermost.code ? ` ${innermost.code}` : ''}: ${innermost.message}`);
  else if (described.code) parts.push(`(${described.code})`);
  return parts.join(' — ');
};
