/** Small SQL building blocks shared by the features' set-based writes. */
import { sql, type RawBuilder } from 'kysely';

/** `unnest($1::type[], ...)`: many rows in one statement, one array parameter per column. */
export function unnest(columns: readonly { values: readonly unknown[]; type: string }[]): RawBuilder<unknown> {
  return sql`unnest(${sql.join(columns.map((c) => sql`${c.values}::${sql.raw(c.type)}[]`))})`;
}
