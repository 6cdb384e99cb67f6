import { sql } from 'kysely';
import type { Scope } from '../../../platform/scope.js';
import type { EmployeeDeps } from '../shared.js';

/** POST /employer-admin/employee-field-check: free when no other worker of the employer has it. */
export async function fieldAvailable(deps: EmployeeDeps, ctx: Scope, field: 'email' | 'mobile', value: string, employeeId?: string): Promise<boolean> {
  const { db } = deps;
  const v = value.trim();
  if (!v) return true;
  let q = db.selectFrom('workers').select('id').where('employer_id', '=', ctx.admin.employer_id);
  q = field === 'email' ? q.where(sql<string>`lower(email)`, '=', v.toLowerCase()) : q.where('mobile', '=', v);
  if (employeeId) q = q.where('id', '<>', employeeId);
  return !(await q.limit(1).executeTakeFirst());
}
