/**
 * TERMINATED_EMPLOYEES_UPLOAD: terminates employees of the context by Employee ID on the sheet's
 * termination date. An employee already terminated on that date is UNCHANGED (a re-upload).
 */
import { sql } from 'kysely';
import {
  EMPLOYEE_SERVER_MSG,
  SHEET_MSG,
  TERMINATION_SHEET_COLUMNS,
  formatDdMmYyyy,
  parseTerminationRow,
  type TerminationSheetKey,
  type TerminationSheetRow,
} from '@portal/domain';
import { unnest } from '../../platform/sql.js';
import { applied, chunks, failed, unchanged, type RowOutcome, type SheetKind } from './sheet-kind.js';

export const terminationSheet: SheetKind<TerminationSheetKey, TerminationSheetRow> = {
  columns: TERMINATION_SHEET_COLUMNS,
  dateColumns: ['terminationDate'],
  parse: parseTerminationRow,
  key: (row) => row.employerEmployeeId.trim().toLowerCase(),
  keyLabel: 'Employee ID',
  keyColumns: ['employerEmployeeId'],

  async apply(trx, scope, rows) {
    const byId = new Map<string, { id: string; joined_at: string | null; employment_status: string; terminated_at: string | null }>();
    for (const part of chunks(rows.map((r) => r.value.employerEmployeeId.trim().toLowerCase()))) {
      const found = await trx
        .selectFrom('workers')
        .select(['id', 'employer_worker_id', 'joined_at', 'employment_status', 'terminated_at'])
        .where('employer_id', '=', scope.employerId)
        .where((eb) => (scope.vendorId ? eb('vendor_id', '=', scope.vendorId) : eb('vendor_id', 'is', null)))
        .where(sql<boolean>`lower(employer_worker_id) = any(${part}::text[])`)
        .execute();
      for (const w of found) byId.set(w.employer_worker_id.toLowerCase(), w);
    }
    const changes: { id: string; date: string }[] = [];
    const outcomes = rows.map(({ value }): RowOutcome<TerminationSheetKey> => {
      const w = byId.get(value.employerEmployeeId.trim().toLowerCase());
      if (!w) return failed(EMPLOYEE_SERVER_MSG.unknownEmployeeId, ['employerEmployeeId']);
      if (w.joined_at && value.terminationDate < w.joined_at) return failed(`${SHEET_MSG.beforeJoining} (${formatDdMmYyyy(w.joined_at)})`, ['terminationDate']);
      if (w.employment_status === 'INACTIVE') {
        if (w.terminated_at === value.terminationDate) return unchanged;
        return failed(`${EMPLOYEE_SERVER_MSG.alreadyInactive}${w.terminated_at ? ` (terminated on ${formatDdMmYyyy(w.terminated_at)})` : ''}`, ['employerEmployeeId']);
      }
      changes.push({ id: w.id, date: value.terminationDate });
      return applied;
    });
    for (const part of chunks(changes)) {
      await sql`
        update workers w set employment_status = 'INACTIVE', terminated_at = u.day, updated_at = now()
        from ${unnest([{ values: part.map((c) => c.id), type: 'uuid' }, { values: part.map((c) => c.date), type: 'date' }])} as u(id, day)
        where w.id = u.id and w.employer_id = ${scope.employerId}::uuid
      `.execute(trx);
    }
    return { outcomes };
  },
};
