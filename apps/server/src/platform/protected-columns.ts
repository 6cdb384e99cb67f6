/**
 * Every column sealed at rest (decision 0037), and the one pass that seals or re-seals them: at the
 * first start after a migration that adds some (what older versions wrote in clear) and in a
 * data-key rotation (`npm run cli -- data-keys rotate`). Batches of rows, each in its own
 * transaction, taken with `skip locked`, so several processes may run it at once and a running
 * portal keeps serving.
 */
import { sql } from 'kysely';
import type { Database } from './database.js';
import { isSealedBytes, isSealedText, type DataProtector } from './data-protection.js';

interface ProtectedBytes {
  kind: 'bytes';
  table: 'stored_files' | 'worker_documents' | 'worker_agreements';
  column: 'content';
}

/** A sealed text field; `hash`: its keyed hash column (`<column>_hash`), where SQL compares the value. */
interface ProtectedText {
  kind: 'text';
  table: 'workers' | 'worker_bank_accounts' | 'payroll_entries' | 'payouts' | 'webhook_endpoints';
  column: 'pan' | 'salary_account_number' | 'account_number' | 'secret' | 'previous_secret';
  hash: boolean;
}

type ProtectedColumn = ProtectedBytes | ProtectedText;

/**
 * Uploaded and processed sheets, KYC documents, signed agreements (the first sealing, `v1-blobs`);
 * PAN and bank account numbers (`v2-fields`, migration 0031).
 */
export const PROTECTED_COLUMNS: readonly ProtectedColumn[] = [
  { kind: 'bytes', table: 'stored_files', column: 'content' },
  { kind: 'bytes', table: 'worker_documents', column: 'content' },
  { kind: 'bytes', table: 'worker_agreements', column: 'content' },
  { kind: 'text', table: 'workers', column: 'pan', hash: false },
  { kind: 'text', table: 'workers', column: 'salary_account_number', hash: true },
  { kind: 'text', table: 'worker_bank_accounts', column: 'account_number', hash: false },
  { kind: 'text', table: 'payroll_entries', column: 'account_number', hash: true },
  { kind: 'text', table: 'payouts', column: 'account_number', hash: false },
  // Webhook signing secrets (decision 0045): sealed from the start, listed so that a rotation re-seals them.
  { kind: 'text', table: 'webhook_endpoints', column: 'secret', hash: false },
  { kind: 'text', table: 'webhook_endpoints', column: 'previous_secret', hash: false },
];

const BATCH = 100;

/** The key id as the 4 bytes after "PE1" in a sealed value. */
const keyIdHex = (id: number) => id.toString(16).padStart(8, '0');

/** Where a value is in clear or (when `rotate`) sealed under a data key other than the current one. */
function staleOf(c: ProtectedColumn, current: number, rotate: boolean) {
  const col = sql.ref(c.column);
  if (c.kind === 'bytes') {
    return rotate
      ? sql<boolean>`substring(${col} from 1 for 7) <> (${'\\x504531' + keyIdHex(current)})::bytea`
      : sql<boolean>`substring(${col} from 1 for 3) <> '\\x504531'::bytea`;
  }
  // A text sealed under key n starts `pe1.n.`; anything else is in clear (a PAN or account number never starts `pe1.`).
  return rotate ? sql<boolean>`left(${col}, ${`pe1.${current}.`.length}) <> ${`pe1.${current}.`}` : sql<boolean>`left(${col}, 4) <> 'pe1.'`;
}

/**
 * Seals every value of the protected columns (those of `only`, when given) that is in clear or
 * (when `rotate`) sealed under a data key other than the current one; a text field's keyed hash is
 * (re)computed with it (the same value: the blind-index key does not rotate). Returns the rows
 * changed per table and column.
 */
export async function resealColumns(db: Database, protector: DataProtector, options: { rotate: boolean; only?: readonly ProtectedColumn[] }): Promise<Record<string, number>> {
  const current = protector.currentKeyId;
  const counts: Record<string, number> = {};
  for (const c of options.only ?? PROTECTED_COLUMNS) {
    const { table, column } = c;
    const col = sql.ref(column);
    const stale = staleOf(c, current, options.rotate);
    let changed = 0;
    for (;;) {
      const n = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string; value: Buffer | string }>`
          select id, ${col} as value from ${sql.table(table)}
          where ${col} is not null and ${stale}
          limit ${BATCH} for update skip locked
        `.execute(trx);
        for (const row of rows) {
          if (c.kind === 'bytes') {
            const value = row.value as Buffer;
            const plain = isSealedBytes(value) ? protector.openBytes(value) : value;
            await sql`update ${sql.table(table)} set ${col} = ${protector.sealBytes(plain)} where id = ${row.id}`.execute(trx);
          } else {
            const value = row.value as string;
            const plain = isSealedText(value) ? protector.openText(value) : value;
            const hash = c.hash ? sql`, ${sql.ref(`${column}_hash`)} = ${protector.hashText(plain)}` : sql``;
            await sql`update ${sql.table(table)} set ${col} = ${protector.sealText(plain)}${hash} where id = ${row.id}`.execute(trx);
          }
        }
        return rows.length;
      });
      changed += n;
      if (n < BATCH) break;
    }
    counts[`${table}.${column}`] = changed;
  }
  return counts;
}

/** The sealing passes a database needs once each, in order: what the migration that added the columns left in clear. */
const FIRST_SEALINGS: readonly { name: string; columns: readonly ProtectedColumn[] }[] = [
  { name: 'v1-blobs', columns: PROTECTED_COLUMNS.filter((c) => c.kind === 'bytes') },
  { name: 'v2-fields', columns: PROTECTED_COLUMNS.filter((c) => c.kind === 'text') },
];

/** At start: seals what an older version wrote in clear, once per database and pass (data_sealing_runs). */
export async function sealOnce(db: Database, protector: DataProtector): Promise<void> {
  const done = new Set((await db.selectFrom('data_sealing_runs').select('name').execute()).map((r) => r.name));
  for (const pass of FIRST_SEALINGS) {
    if (done.has(pass.name)) continue;
    await resealColumns(db, protector, { rotate: false, only: pass.columns });
    await db.insertInto('data_sealing_runs').values({ name: pass.name }).onConflict((oc) => oc.column('name').doNothing()).execute();
  }
}
