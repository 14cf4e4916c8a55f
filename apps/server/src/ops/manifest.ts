// What a backup archive says about itself (manifest.json, its last entry), read back with the same schema.
import { z } from 'zod';

export const ARCHIVE_FORMAT = 1;
export const MANIFEST_PATH = 'manifest.json';
/** The schemas the app's migrations create objects in: its tables, and drizzle's record of the migrations. */
export const APP_SCHEMAS = ['public', 'drizzle'];
export const MIGRATIONS_TABLE = { schema: 'drizzle', name: '__drizzle_migrations' };

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.number().int(),
  createdAt: z.string(),
  /** The schema version: the migrations the database had applied, by tag, in order. */
  schema: z.object({ migrations: z.number().int().min(0), lastTag: z.string().nullable(), tags: z.array(z.string()) }),
  postgresVersion: z.string(),
  /** The id of the SECRET_KEY configured when the backup was made, and of every key its sealed numbers carry. */
  secretKey: z.object({ id: z.string(), sealedWith: z.array(z.string()) }),
  tables: z.array(
    z.object({ schema: z.string(), name: z.string(), columns: z.array(z.string()).min(1), rows: z.number().int() }),
  ),
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  entries: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const tableEntryPath = (table: { schema: string; name: string }) => `db/${table.schema}.${table.name}.copy`;
