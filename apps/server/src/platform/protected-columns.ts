/**
 * Every column sealed at rest (decision 0037), and the one pass that seals or re-seals them: at the
 * first start after the migration (what older versions wrote in clear) and in a data-key rotation
 * (`npm run cli -- data-keys rotate`). Batches of rows, each in its own transaction, taken with
 * `skip locked`, so several processes may run it at once and a running portal keeps serving.
 */
import { sql } from 'kysely';
import type { Database } from './database.js';
import { isSealedBytes, type DataProtector } from './data-protection.js';

interface ProtectedColumn {
  table: 'stored_files' | 'worker_documents' | 'worker_agreements';
  column: 'content';
}

/** Uploaded and processed sheets, KYC documents, signed agreements. */
export const PROTECTED_COLUMNS: readonly ProtectedColumn[] = [
  { table: 'stored_files', column: 'content' },
  { table: 'worker_documents', column: 'content' },
  { table: 'worker_agreements', column: 'content' },
];

const BATCH = 100;

/** The key id as the 4 bytes after "PE1" in a sealed value. */
const keyIdHex = (id: number) => id.toString(16).padStart(8, '0');

/**
 * Seals every value of the protected columns that is in clear or (when `rotate`) sealed under a
 * data key other than the current one. Returns the rows changed per table.
 */
export async function resealColumns(db: Database, protector: DataProtector, options: { rotate: boolean }): Promise<Record<string, number>> {
  const current = protector.currentKeyId;
  const counts: Record<string, number> = {};
  for (const { table, column } of PROTECTED_COLUMNS) {
    const col = sql.ref(column);
    const stale = options.rotate
      ? sql<boolean>`substring(${col} from 1 for 7) <> (${'\\x504531' + keyIdHex(current)})::bytea`
      : sql<boolean>`substring(${col} from 1 for 3) <> '\\x504531'::bytea`;
    let changed = 0;
    for (;;) {
      const n = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string; value: Buffer }>`
          select id, ${col} as value from ${sql.table(table)}
          where ${col} is not null and ${stale}
          limit ${BATCH} for update skip locked
        `.execute(trx);
        for (const row of rows) {
          const plain = isSealedBytes(row.value) ? protector.openBytes(row.value) : row.value;
          await sql`update ${sql.table(table)} set ${col} = ${protector.sealBytes(plain)} where id = ${row.id}`.execute(trx);
        }
        return rows.length;
      });
      changed += n;
      if (n < BATCH) break;
    }
    counts[table] = changed;
  }
  return counts;
}

const FIRST_SEALING = 'v1-blobs';

/** At start: seals what an older version wrote in clear, once per database (data_sealing_runs). */
export async function sealOnce(db: Database, protector: DataProtector): Promise<void> {
  const done = await db.selectFrom('data_sealing_runs').select('name').where('name', '=', FIRST_SEALING).executeTakeFirst();
  if (done) return;
  await resealColumns(db, protector, { rotate: false });
  await db.insertInto('data_sealing_runs').values({ name: FIRST_SEALING }).onConflict((oc) => oc.column('name').doNothing()).execute();
}
