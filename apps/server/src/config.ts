// Every setting the server reads from the environment, validated in one place.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { dataDirError, StartupError } from './startup-checks';

const HOUR_OR_OFF = { error: 'an hour 0–23 (China time) or off' };

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Training videos and documents, and the onboarding guide (onboarding-guide.pdf); default DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** A streaming replica of DATABASE_URL for the query calls' reads (db/read-routing.ts). */
  DATABASE_READ_URL: z.string().url().optional(),
  /**
   * A replica further behind the primary than this is skipped; an employee's query calls stay on the primary this
   * long plus two seconds after their own write.
   */
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(60).default(3),
  REDIS_URL: z.string().url().optional(),
  /**
   * What this deployment's Redis keys and channels start with; by default one derived from its database, which
   * every instance of the deployment shares and no other deployment does (core/redis-names.ts).
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'REDIS_PREFIX: 1–64 letters, digits or : . _ -')
    .optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  /**
   * Former SECRET_KEYs, comma-separated: personal data sealed with them stays readable after a rotation until
   * `npm run ess -- reseal` has sealed it again with the current key. DATA_DIR/previous-secret-keys adds its lines.
   */
  PREVIOUS_SECRET_KEYS: z.string().default(''),
  /** Sign-in attempts per IP per minute (factory gates share one IP, so it is generous). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  /** Failed passwords in a row before an account locks, and for how long. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  // The public forms (proposals, registration): calls per address and minute; a signed-in caller counts apart.
  PUBLIC_SUBMIT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  PUBLIC_UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  PUBLIC_LOOKUP_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** WeChat official account (JS-SDK share): empty = the share page falls back to the Web Share API / copying. */
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** WeCom: the corporation, the app's secret and agent id (config and agentConfig). */
  WECOM_CORP_ID: z.string().optional(),
  WECOM_CORP_SECRET: z.string().optional(),
  WECOM_AGENT_ID: z.string().optional(),
  /** The platforms' API origins (tests point them at a fake). */
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  /**
   * The official account's template for notifications (keyword1: the matter, keyword2: the time): with it and
   * PUBLIC_URL, workers WeCom does not reach get their messages in WeChat once their WeChat is bound.
   */
  WECHAT_TEMPLATE_ID: z.string().min(1).optional(),
  WECOM_API_BASE: z.string().url().default('https://qyapi.weixin.qq.com'),
  WECHAT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Where the platforms' OAuth page lives (tests point it at a fake). */
  WECOM_OAUTH_BASE: z.string().url().default('https://open.weixin.qq.com'),
  /**
   * The app's address as workers' phones reach it (https://ess.example.com): the OAuth callback's address, which
   * must lie on the domain registered with WeCom. Unset: the address the request came to.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** The cabinet controller: empty = commands are kept in the outbox table for a relay. */
  CABINET_CONTROLLER_URL: z.string().url().optional(),
  CABINET_CONTROLLER_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** The attendance system's command endpoint (face photos): empty = commands wait in the outbox for a relay. */
  ATTENDANCE_SYSTEM_URL: z.string().url().optional(),
  ATTENDANCE_SYSTEM_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /** Employee numbers allowed to open every cabinet of a list at once (comma-separated). */
  CABINET_OPEN_ALL_EMPLOYEES: z.string().default(''),
  /**
   * A request whose headers and body have not fully arrived by then is answered 408 and its socket closed,
   * so a slow or stalled client cannot hold connections open for ever.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /**
   * The longest one import may read, check or commit, in seconds: a job past it is stopped and failed with a
   * message, its thread ended, nothing written, so that a file no one can read in time does not hold its worker.
   */
  IMPORT_TIME_LIMIT_SECONDS: z.coerce.number().int().min(5).default(180),
  /**
   * The bearer token Prometheus sends to read /metrics (`Authorization: Bearer …`); without it /metrics is not
   * served at all, since its figures (calls, sign-in failures) are not for the public.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * Overload: while the event loop lags more than this (ms), or more requests than SHED_POOL_WAITING wait for a
   * database connection, new calls are answered 503 系统繁忙 with Retry-After instead of queueing until the whole
   * server times out. 0 turns either bound off.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  SHED_POOL_WAITING: z.coerce.number().int().min(0).default(200),
  /** Where the scheduled backups and the one before migrations go (a mounted remote disk will do); default DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /**
   * The China-time hour of the daily backup, or `off`. By default on (3) for the embedded database, off with
   * DATABASE_URL, whose operator backs it up with the database's own tools.
   */
  BACKUP_HOUR: z.preprocess(
    (value) => (value === '' ? undefined : value), // an empty setting is no setting, not hour 0
    z
      .union(
        [z.literal('off'), z.coerce.number().int(HOUR_OR_OFF).min(0, HOUR_OR_OFF).max(23, HOUR_OR_OFF)],
        HOUR_OR_OFF,
      )
      .optional(),
  ),
  /** Scheduled backups kept in BACKUP_DIR: after a good one, the oldest beyond this count are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /**
   * A backup beside a serving instance reads and compresses at most this many MB a second, so that it leaves most
   * of the cores to requests (docs/performance.md); 0 = as fast as it can. The one before migrations is never held.
   */
  BACKUP_MB_PER_SECOND: z.coerce.number().min(0).default(16),
  /** The most a training material (a video, a document) uploaded in the console may weigh, in MB. */
  MATERIAL_MAX_MB: z.coerce.number().int().min(1).max(20_480).default(2048),
  /** ffmpeg for the materials' videos: a path, or `off`; unset: the npm package's static build. */
  FFMPEG_PATH: z.string().optional(),
  /** LibreOffice's soffice for Office materials: a path, or `off`; unset: `soffice` on PATH. */
  SOFFICE_PATH: z.string().optional(),
  /** Directory of the built web app; empty disables static serving. */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo company into an empty database at start. */
  SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
  /** What workers sent (feedback, proposals, candidates) unhandled this many days is flagged in the 收件箱. */
  INBOX_OVERDUE_DAYS: z.coerce.number().int().min(1).max(365).default(3),
  /** `no`: this instance takes no background job (the others do); it still lists and retries failed ones. */
  RUN_JOBS: z.enum(['yes', 'no']).default('yes'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** The password a reset code sets; the employee must change it at the next sign-in. */
  INITIAL_PASSWORD: z.string().min(6).default('123456'),
  /**
   * Connections to PostgreSQL. A few per core: more only make the database switch between them, and
   * requests wait more cheaply in the pool's queue than in a crowded database (docs/performance.md).
   */
  DB_POOL_SIZE: z.coerce
    .number()
    .int()
    .positive()
    .default(Math.max(4, 2 * os.availableParallelism())),
});

export type Config = z.infer<typeof schema> & {
  secretKey: string;
  previousSecretKeys: string[];
  dataDir: string;
  mediaDir: string;
  backupDir: string;
  /** The China-time hour of the daily backup, or null when there is none. */
  backupHour: number | null;
};

/**
 * Reads the environment; the secret key comes from SECRET_KEY or is generated once into DATA_DIR/secret-key, former
 * keys from PREVIOUS_SECRET_KEYS and DATA_DIR/previous-secret-keys. A wrong setting throws a StartupError of one line.
 */
export const readConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new StartupError(`invalid configuration: ${problems.join('; ')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const files = secretKeyFiles(dataDir);
  const previousSecretKeys = [...parsed.data.PREVIOUS_SECRET_KEYS.split(','), ...readKeyLines(files.previous)]
    .map((key) => key.trim())
    .filter((key, index, keys) => key !== '' && key !== parsed.data.SECRET_KEY && keys.indexOf(key) === index);
  return {
    ...parsed.data,
    dataDir,
    mediaDir: path.resolve(parsed.data.MEDIA_DIR ?? path.join(dataDir, 'media')),
    backupDir: path.resolve(parsed.data.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    backupHour: backupHourOf(parsed.data.BACKUP_HOUR, parsed.data.DATABASE_URL),
    secretKey: parsed.data.SECRET_KEY ?? readOrCreateSecret(dataDir),
    previousSecretKeys,
  };
};

const backupHourOf = (setting: 'off' | number | undefined, databaseUrl: string | undefined) => {
  if (setting === 'off') return null;
  return setting ?? (databaseUrl ? null : 3);
};

/** Where an installation without SECRET_KEY keeps its key, and the former keys a rotation keeps readable. */
export const secretKeyFiles = (dataDir: string) => ({
  current: path.join(dataDir, 'secret-key'),
  previous: path.join(dataDir, 'previous-secret-keys'),
});

const readKeyLines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []);

const readOrCreateSecret = (dataDir: string): string => {
  const file = secretKeyFiles(dataDir).current;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = generateSecretKey();
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
  return secret;
};

export const generateSecretKey = () => randomBytes(48).toString('base64url');

/** Replaces a key file whole (a crash leaves the old one or the new one, never half of either). */
export const writeKeyFile = (file: string, text: string) => {
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, text, { mode: 0o600 });
  renameSync(draft, file);
};
