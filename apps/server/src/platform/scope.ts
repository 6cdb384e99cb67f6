/**
 * The scope of a call (decision 0029): whose data it may read or write. An admin's call is scoped by
 * the admin's employer and the context: a vendor of that employer (`vendorId`), or none (the
 * employer's own workers, `vendor_id is null`). The fragments below are the one way the features
 * write that WHERE; they work in Kysely's `.where()` and inside `sql` templates alike.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthContext } from './guard.js';

/** An admin's call: the admin (its `employer_id` and `id`) and the context's vendor. */
export type Scope = Pick<AuthContext, 'admin' | 'vendorId' | 'apiKey'>;

/** Whose data, without the admin: an employer and one of its vendors or none (sheet jobs, stored rows). */
export interface DataScope {
  employerId: string;
  vendorId: string | null;
}

export const dataScopeOf = (ctx: Scope): DataScope => ({ employerId: ctx.admin.employer_id, vendorId: ctx.vendorId });

const column = (alias: string | undefined, name: string) => sql.ref(alias ? `${alias}.${name}` : name);

/** The context's vendor on `columnName` (e.g. `vendor_id`, `w.vendor_id`): `= vendorId` in a vendor's context, `is null` in the employer's own. */
export function vendorIs(vendorId: string | null | undefined, columnName = 'vendor_id'): RawBuilder<SqlBool> {
  return vendorId ? sql<SqlBool>`${sql.ref(columnName)} = ${vendorId}::uuid` : sql<SqlBool>`${sql.ref(columnName)} is null`;
}

/** `(employer_id = … and vendor_id …)` of a table with `employer_id` and `vendor_id`, through `alias` when given. */
export function inScope(scope: Scope | DataScope, alias?: string): RawBuilder<SqlBool> {
  const { employerId, vendorId } = 'admin' in scope ? dataScopeOf(scope) : scope;
  return sql<SqlBool>`(${column(alias, 'employer_id')} = ${employerId}::uuid and ${vendorIs(vendorId, alias ? `${alias}.vendor_id` : 'vendor_id')})`;
}
