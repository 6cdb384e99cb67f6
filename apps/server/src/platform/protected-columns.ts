/**
 * Every column sealed at rest (decision 0037), and the one pass that seals or re-seals them: at the
 * first start after a migration that adds some (what older versions wrote in clear) and in a
 * data-key rotation (`npm run cli -- data-keys rotate`). Batches of rows, each in its own
 * transaction, taken with `skip locked`, so several processes may run it at once and a running
 * portal keeps serving.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from './database.js';
import { isSealedBytes, isSealedText, type DataProtector } from './data-protection.js';
import { unnest } from './sql.js';

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
 * (re)computed with it (under the current blind-index key: the same value unless a blind-index
 * rotation runs, which this moves along). Returns the rows changed per table and column.
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

/** The text fields with a keyed hash (`<column>_hash`): what a blind-index rotation re-hashes. */
export const HASHED_COLUMNS = PROTECTED_COLUMNS.filter((c): c is ProtectedText => c.kind === 'text' && c.hash);

/** SQL: the blind-index version of a stored hash (32 bytes: version 1; 34: the first 2 bytes), null for none. */
export const indexVersionSql = (hash: RawBuilder<unknown>) =>
  sql<number | null>`case when length(${hash}) = 32 then 1 when length(${hash}) = 34 then get_byte(${hash}, 0) * 256 + get_byte(${hash}, 1) end`;

/** SQL: true where a stored hash is not under blind-index version `version`. */
function hashedUnder(hash: RawBuilder<unknown>, version: number) {
  if (version === 1) return sql<boolean>`length(${hash}) = 32`;
  const tag = Buffer.alloc(2);
  tag.writeUInt16BE(version);
  return sql<boolean>`(length(${hash}) = 34 and substring(${hash} from 1 for 2) = ${tag})`;
}

const REHASH_BATCH = 500;

/**
 * A blind-index rotation's pass (decision 0037): every keyed hash that is not under the current
 * blind-index version is made again from its opened value, walking each table in id order, a batch
 * of rows a transaction, the rows taken `for update skip locked` (a row a running sheet holds is
 * left for the next pass: `blind-index finish` runs this again). Resumable and idempotent: what is
 * under the current version already is not read. `only`: those columns; `limit` stops after that many
 * rows (tests). Returns the rows re-hashed per table and column.
 */
export async function rehashColumns(db: Database, protector: DataProtector, options: { limit?: number; only?: readonly ProtectedText[] } = {}): Promise<Record<string, number>> {
  const index = protector.blindIndex();
  const counts: Record<string, number> = {};
  let left = options.limit ?? Infinity;
  for (const { table, column } of options.only ?? HASHED_COLUMNS) {
    const col = sql.ref(column);
    const hash = sql.ref(`${column}_hash`);
    let changed = 0;
    for (let after: string | null = null; left > 0; ) {
      const batch = Math.min(REHASH_BATCH, left);
      const taken: number = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string; value: string }>`
          select id, ${col} as value from ${sql.table(table)}
          where ${after === null ? sql`true` : sql`id > ${after}::uuid`} and ${hash} is not null and not ${hashedUnder(hash, index.version)}
          order by id limit ${batch} for update skip locked
        `.execute(trx);
        if (rows.length === 0) return 0;
        const hashes: Buffer[] = [];
        for (const r of rows) hashes.push(index.hash(isSealedText(r.value) ? await protector.openTextFresh(r.value) : r.value));
        await sql`
          update ${sql.table(table)} t set ${hash} = u.h
          from ${unnest([
            { values: rows.map((r) => r.id), type: 'uuid' },
            { values: hashes, type: 'bytea' },
          ])} as u(id, h)
          where t.id = u.id
        `.execute(trx);
        after = rows[rows.length - 1]!.id;
        return rows.length;
      });
      changed += taken;
      left -= taken;
      if (taken < batch) break;
    }
    counts[`${table}.${column}`] = changed;
  }
  return counts;
}

/** Per hashed column, how many stored hashes each blind-index version made. */
export async function hashesPerVersion(db: Database): Promise<Record<string, { version: number | null; n: number }[]>> {
  const out: Record<string, { version: number | null; n: number }[]> = {};
  for (const { table, column } of HASHED_COLUMNS) {
    const { rows } = await sql<{ version: number | null; n: string }>`
      select ${indexVersionSql(sql.ref(`${column}_hash`))} as version, count(*) as n
      from ${sql.table(table)} where ${sql.ref(`${column}_hash`)} is not null group by 1 order by 1`.execute(db);
    out[`${table}.${column}_hash`] = rows.map((r) => ({ version: r.version === null ? null : Number(r.version), n: Number(r.n) }));
  }
  return out;
}
