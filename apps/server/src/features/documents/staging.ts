/**
 * The staging table of the sheet pipeline (migration 0012, `sheet_rows`): rows go in with COPY
 * while the file is read, are checked and applied with set-based SQL, and are read back in
 * row-number order, a page at a time, to write the processed sheet. Nothing holds every row.
 */
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { unnest } from '../../platform/sql.js';

/** One staged row as COPY writes it. */
export interface StagedRow {
  rowNumber: number;
  /** the cells as the processed sheet shows them */
  cells: readonly (string | number | null)[];
  /** the parsed value (JSON; jsonb in the table, parsed once by COPY), null when the row failed its own rules */
  value: unknown;
  key: string | null;
  status: string | null;
  reason: string | null;
  columns: readonly string[] | null;
}

/** A row's outcome, as a sheet kind sets it. */
export interface Outcome {
  rowNumber: number;
  status: string;
  reason?: string | null;
  columns?: readonly string[] | null;
}

/**
 * A field in COPY's text format: null as \N, and only backslash, newline, carriage return and tab
 * escaped. The JSON fields need none of it but a backslash now and then (JSON escapes the control
 * characters itself), where CSV doubled every quote of every JSON string (issue 21: the quoting was
 * an eighth of staging's time in Node, decision 0035).
 */
const SPECIAL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const field = (v: string | null): string => (v === null ? '\\N' : v.replace(SPECIAL, (c) => ESCAPES[c]!));
// Keys of columns are identifiers of the sheet kinds (never text from the file): quoted for the array literal, nothing to escape.
const textArray = (a: readonly string[] | null): string | null => (a === null ? null : `{${a.map((k) => `"${k.replace(/["\\]/g, '')}"`).join(',')}}`);

/**
 * A COPY into sheet_rows on a connection of its own, fed row by row while the sheet is read: the
 * database stores rows while the reader parses the next ones. `write` waits when PostgreSQL is
 * behind (backpressure), so memory stays bounded whatever the sheet's size.
 */
export class StagingWriter {
  private readonly buffer = new PassThrough({ highWaterMark: 1 << 20 });
  private done: Promise<void> | null = null;
  private pending = '';
  count = 0;

  private constructor(
    private readonly client: pg.PoolClient,
    private readonly uploadId: string,
  ) {}

  static async open(pool: pg.Pool, uploadId: string): Promise<StagingWriter> {
    const client = await pool.connect();
    const writer = new StagingWriter(client, uploadId);
    try {
      // A run before this one that died.
      await client.query('delete from sheet_rows where upload_id = $1', [uploadId]);
      await client.query('delete from sheet_outcomes where upload_id = $1', [uploadId]);
      const stream = client.query(copyFrom('copy sheet_rows (upload_id, row_number, cells, value, key, status, reason, columns) from stdin'));
      writer.done = pipeline(writer.buffer, stream);
      writer.done.catch(() => {}); // awaited in close()
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return writer;
  }

  async write(row: StagedRow): Promise<void> {
    this.pending +=
      `${this.uploadId}\t${row.rowNumber}\t${field(JSON.stringify(row.cells))}\t${field(row.value === null || row.value === undefined ? null : JSON.stringify(row.value))}\t` +
      `${field(row.key)}\t${field(row.status)}\t${field(row.reason)}\t${field(textArray(row.columns))}\n`;
    this.count++;
    if (this.pending.length >= 64 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = this.pending;
    this.pending = '';
    if (chunk && !this.buffer.write(chunk)) await Promise.race([once(this.buffer, 'drain'), this.done]);
  }

  /** Ends the COPY (`ok`), or abandons it; the connection goes back to the pool either way. */
  async close(ok: boolean): Promise<void> {
    let failure: unknown = null;
    try {
      if (ok) {
        await this.flush();
        this.buffer.end();
        await this.done;
      } else {
        this.buffer.destroy(new Error('sheet reading stopped'));
        await this.done?.catch(() => {});
      }
    } catch (err) {
      failure = err;
    } finally {
      // A COPY cut off midway leaves the connection in no state to reuse.
      this.client.release(!ok || failure ? true : undefined);
    }
    if (failure) throw failure;
  }
}

export interface StagedPage<V> {
  rowNumber: number;
  value: V;
  key: string | null;
}

/**
 * The rows still without an outcome (or all rows, `all`), in row order, a page at a time: keyset
 * pages on the primary key, so each page is one index range scan.
 */
export async function* stagedPages<V>(trx: Kysely<DB>, uploadId: string, pageSize = 5_000, decode: (json: unknown) => V = (j) => j as V): AsyncGenerator<StagedPage<V>[]> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ row_number: number; value: unknown; key: string | null }>`
      select s.row_number, s.value, s.key from sheet_rows s
      where s.upload_id = ${uploadId}::uuid and s.row_number > ${after} and s.status is null
        and not exists (select 1 from sheet_outcomes o where o.upload_id = s.upload_id and o.row_number = s.row_number)
      order by s.row_number limit ${pageSize}
    `.execute(trx);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.row_number;
    yield rows.map((r) => ({ rowNumber: r.row_number, value: decode(r.value), key: r.key }));
    if (rows.length < pageSize) return;
  }
}

/** A row-number range of the staged rows: rows after `after` up to and including `upTo`. */
export interface StagedRange {
  after: number;
  upTo: number;
  /** How many of its rows are still open: no status from staging or a repeat check. */
  open: number;
}

/**
 * The staged rows as ranges of `size` rows each, by row number, whatever their outcomes, from one
 * scan of the upload's rows (issue 21: looking for the next page of rows without an outcome checked
 * every row for one, 0.3 s for 10,000 rows that all had one). For a kind that applies a range at a
 * time in SQL and looks up the rows of a range itself; SheetRun.ranges hands them out.
 *
 * `lastIn` > 1: the rows of the last page's worth in that many smaller ranges (the pages before it
 * as they were). The processed sheet is written a range behind the apply, so what is left of it
 * once the apply ends is the last range's rows: a quarter of a page instead of a whole one.
 */
export async function stagedRanges(trx: Kysely<DB>, uploadId: string, size: number, lastIn = 1): Promise<StagedRange[]> {
  const piece = Math.max(1, Math.floor(size / Math.max(1, lastIn)));
  const { rows } = await sql<{ up_to: number; open: number }>`
    select max(row_number) as up_to, count(*) filter (where status is null)::int as open
    from (select row_number, status, (row_number() over (order by row_number) - 1) / ${piece} as page from sheet_rows where upload_id = ${uploadId}::uuid) p
    group by page
    order by page
  `.execute(trx);
  const pieces = rows.map((r, i) => ({ after: i === 0 ? 0 : rows[i - 1]!.up_to, upTo: r.up_to, open: r.open }));
  return piece === size ? pieces : lastPageApart(pieces, lastIn);
}

/**
 * Ranges of a `lastIn`-th of a page each, as pages again but for the last `lastIn` of them: those
 * before put back together `lastIn` at a time from the first (the same pages as ranges of the
 * whole size would be), the last page's worth left apart.
 */
export function lastPageApart(pieces: readonly StagedRange[], lastIn: number): StagedRange[] {
  const apart = Math.max(0, pieces.length - lastIn);
  const ranges: StagedRange[] = [];
  for (let i = 0; i < apart; i += lastIn) {
    const page = pieces.slice(i, Math.min(i + lastIn, apart));
    ranges.push({ after: page[0]!.after, upTo: page.at(-1)!.upTo, open: page.reduce((n, p) => n + p.open, 0) });
  }
  return [...ranges, ...pieces.slice(apart)];
}

/**
 * Every row still without an outcome whose `expr` (over the staged row's columns: key, value) equals
 * another's is refused, citing the file's row numbers; for each check in turn, a row refused by an
 * earlier check not counting among the repeats of a later one. One read of the staged rows for
 * every check (each row read once, not once a check: issue 21), and an update only for a
 * value that repeats.
 */
export async function refuseRepeated(
  trx: Kysely<DB>,
  uploadId: string,
  checks: readonly { expr: RawBuilder<unknown>; reasonOf: (rows: string) => string; columns: readonly string[] }[],
): Promise<void> {
  if (checks.length === 0) return;
  // Per check i: its repeated values among the rows still without an outcome that no earlier check refused.
  const values = checks.map((c, i) => sql`${c.expr} as ${sql.ref(`v${i}`)}`);
  const groups = checks.map((_, i) => {
    const earlier = checks.slice(0, i).map((__, j) => sql`and (s.${sql.ref(`v${j}`)} is null or s.${sql.ref(`v${j}`)} not in (select v from g${sql.raw(String(j))}))`);
    return sql`g${sql.raw(String(i))} as (
      select s.${sql.ref(`v${i}`)} as v, string_agg(s.row_number::text, ', ' order by s.row_number) as rows
      from s where s.${sql.ref(`v${i}`)} is not null ${sql.join(earlier, sql` `)}
      group by s.${sql.ref(`v${i}`)} having count(*) > 1
    )`;
  });
  const { rows } = await sql<{ c: number; v: string; rows: string }>`
    with s as materialized (select row_number, ${sql.join(values)} from sheet_rows where upload_id = ${uploadId}::uuid and status is null),
    ${sql.join(groups)}
    ${sql.join(
      checks.map((_, i) => sql`select ${i}::int as c, v, rows from g${sql.raw(String(i))}`),
      sql` union all `,
    )}
  `.execute(trx);
  // Rare (a value that repeats): each check's rows refused in turn.
  for (const [i, c] of checks.entries()) {
    const mine = rows.filter((r) => r.c === i);
    for (let k = 0; k < mine.length; k += 5_000) {
      const part = mine.slice(k, k + 5_000);
      await sql`
        update sheet_rows s set status = 'FAILED', reason = u.reason, columns = ${c.columns}::text[]
        from (select ${c.expr} as v, row_number from sheet_rows where upload_id = ${uploadId}::uuid and status is null) k
        join ${unnest([
          { values: part.map((r) => r.v), type: 'text' },
          { values: part.map((r) => c.reasonOf(r.rows)), type: 'text' },
        ])} as u(v, reason) on u.v = k.v
        where s.upload_id = ${uploadId}::uuid and s.row_number = k.row_number
      `.execute(trx);
    }
  }
}

/** Sets the outcomes of many rows, a statement per 5,000 (narrow inserts: the staged rows stay as they are). */
export async function setOutcomes(trx: Kysely<DB>, uploadId: string, outcomes: readonly Outcome[]): Promise<void> {
  for (let i = 0; i < outcomes.length; i += 5_000) {
    const part = outcomes.slice(i, i + 5_000);
    await sql`
      insert into sheet_outcomes (upload_id, row_number, status, reason, columns)
      select ${uploadId}::uuid, u.row_number, u.status, u.reason, string_to_array(nullif(u.columns, ''), ',')
      from ${unnest([
        { values: part.map((o) => o.rowNumber), type: 'int4' },
        { values: part.map((o) => o.status), type: 'text' },
        { values: part.map((o) => o.reason ?? null), type: 'text' },
        { values: part.map((o) => (o.columns ?? []).join(',')), type: 'text' },
      ])} as u(row_number, status, reason, columns)
      on conflict (upload_id, row_number) do update set status = excluded.status, reason = excluded.reason, columns = excluded.columns
    `.execute(trx);
  }
}

/**
 * Rows sharing a key (the sheet kind's) are all refused; a row that failed already (its key from
 * its cells) counts too, and gets this reason added to its own.
 */
export async function refuseRepeatedKeys(trx: Kysely<DB>, uploadId: string, reasonOf: (rows: string) => string, columns: readonly string[]): Promise<void> {
  const { rows } = await sql<{ key: string; rows: string }>`
    select key, string_agg(row_number::text, ', ' order by row_number) as rows
    from sheet_rows where upload_id = ${uploadId}::uuid and key is not null
    group by key having count(*) > 1
  `.execute(trx);
  for (let i = 0; i < rows.length; i += 5_000) {
    const part = rows.slice(i, i + 5_000);
    await sql`
      update sheet_rows s
      set status = 'FAILED',
        reason = case when s.status = 'FAILED' then s.reason || '; ' || u.reason else u.reason end,
        columns = array(select distinct unnest(coalesce(s.columns, '{}') || ${columns}::text[]))
      from ${unnest([
        { values: part.map((r) => r.key), type: 'text' },
        { values: part.map((r) => reasonOf(r.rows)), type: 'text' },
      ])} as u(key, reason)
      where s.upload_id = ${uploadId}::uuid and s.key = u.key
    `.execute(trx);
  }
}

/** How many rows ended with each status ('' for rows still without one). */
export async function statusCounts(trx: Kysely<DB>, uploadId: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ status: string | null; n: number }>`
    select coalesce(o.status, s.status) as status, count(*)::int as n
    from sheet_rows s left join sheet_outcomes o on o.upload_id = s.upload_id and o.row_number = s.row_number
    where s.upload_id = ${uploadId}::uuid
    group by 1
  `.execute(trx);
  return new Map(rows.map((r) => [r.status ?? '', r.n]));
}

/**
 * Every staged row with its outcome, in row order, one range of `pageSize` rows in memory at a time
 * (for the processed sheet). The ranges come from one scan (`stagedRanges`), so each read is bounded
 * by row numbers: a read of "the next rows after `after`" scanned every row left to the sheet's end
 * on a plan made for the table as it was before the sheet was staged, a quadratic tail (issue 21).
 * With `settled`, a range is read only once its last row has its final outcome (it resolves to the
 * last such row number; Infinity once every row has), so the sheet can be written while the rows
 * after it are still being applied: with the apply's page size, each range is one of its pages.
 */
export async function* stagedOutcomes(q: Kysely<DB>, uploadId: string, pageSize = 2_500, settled?: (after: number) => Promise<number>, lastIn = 1) {
  let done = 0;
  for (const { after, upTo } of await stagedRanges(q, uploadId, pageSize, lastIn)) {
    while (settled && done < upTo) done = await settled(done);
    const { rows } = await sql<{ row_number: number; cells: unknown[]; status: string | null; reason: string | null; columns: string[] | null }>`
      select s.row_number, s.cells,
        coalesce(o.status, s.status) as status,
        case when o.status is null then s.reason else o.reason end as reason,
        case when o.status is null then s.columns else o.columns end as columns
      from sheet_rows s left join sheet_outcomes o on o.upload_id = s.upload_id and o.row_number = s.row_number
      where s.upload_id = ${uploadId}::uuid and s.row_number > ${after} and s.row_number <= ${upTo}
      order by s.row_number
    `.execute(q);
    yield* rows;
  }
}

export async function clearStaging(q: Kysely<DB>, uploadId: string): Promise<void> {
  await q.deleteFrom('sheet_rows').where('upload_id', '=', uploadId).execute();
  await q.deleteFrom('sheet_outcomes').where('upload_id', '=', uploadId).execute();
}
