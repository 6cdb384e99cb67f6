/**
 * `npm run db:schema`: writes src/db/schema.ts from the database the migrations make: kysely-codegen
 * over a freshly migrated embedded PostgreSQL (a temporary folder, a random port). `--check` writes
 * nothing and exits 1 when the checked-in file differs; `npm run lint` runs it, so the schema cannot
 * drift from the migrations.
 *
 * What the database cannot say is given here: COLUMN_TYPES names the closed sets of values of text
 * columns and the shapes of JSON columns (the types live in src/db/column-types.ts); an override
 * replaces the column's whole type, so it also states the column's null and default.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, PostgresDialect } from 'kysely-codegen';
import { createDatabase, migrate, startEmbeddedPostgres } from '../src/platform/database.js';

const COLUMN_TYPES: Record<string, string> = {
  'action_codes.kind': 'ActionKind',
  'activities.details': 'JsonOf<Record<string, unknown>>',
  'api_keys.resources': 'JsonOf<Record<string, string[]>>',
  'admins.status': 'Generated<AdminStatus>',
  'attendance_days.status': "'PRESENT' | 'ABSENT' | 'HALF_DAY' | 'LEAVE' | 'HOLIDAY'",
  'auth_limits.kind': 'AuthLimitKind',
  'document_uploads.doc_type':
    "'ADD_EMPLOYEES_BULK_UPLOAD' | 'ATTENDANCE_UPLOAD' | 'TERMINATED_EMPLOYEES_UPLOAD' | 'PAYROLL_UPLOAD' | 'PAYROLL_STREAMING_ACCOUNT' | 'RAW_FILE' | 'LEAVE_UPLOAD'",
  'document_uploads.status': "'PROCESSING' | 'PROCESSED' | 'FAILED'",
  'employers.config': 'JsonOf<EmployerConfigJson>',
  'employers.metadata': 'JsonOf<EmployerMetadataJson>',
  'leaves.leave_type': "'CASUAL_LEAVE' | 'SICK_LEAVE' | 'EARNED_LEAVE' | 'UNPAID_LEAVE'",
  'ledger_entries.kind': "'CREDIT' | 'DEBIT'",
  'otp_codes.purpose': 'OtpPurpose',
  'outbox_messages.channel': "'EMAIL' | 'SMS'",
  'payouts.status': 'Generated<PayoutStatusDb>',
  'payroll_entries.search_text': 'ColumnType<string, never, never>',
  'payroll_entries.status': 'PayrollEntryStatusDb',
  'payroll_entry_counts.status': 'PayrollEntryStatusDb',
  'payrolls.flag_counts': 'ColumnType<Record<string, number>, string | undefined, string>',
  'payrolls.kind': "'PAYROLL_UPLOAD' | 'PAYROLL_STREAMING_ACCOUNT'",
  'payrolls.status': 'PayrollStatusDb',
  'repayments.source': "'DIRECT' | 'SALARY_DEDUCTION'",
  'roles.resources': 'JsonOf<Record<string, string[]>>',
  'roles.role_type': "'EMPLOYER' | 'VENDOR'",
  'sheet_rows.cells': 'JsonOf<unknown[]>',
  'sheet_rows.value': 'JsonOf<unknown> | null',
  'topup_emis.status': "Generated<'DUE' | 'DEDUCTED' | 'PAID'>",
  'transactions.employer_approval': "Generated<'PENDING' | 'APPROVED' | 'REJECTED' | null>",
  'transactions.worker_snapshot': 'JsonOf<Record<string, unknown>>',
  'webhook_deliveries.status': "Generated<'PENDING' | 'DELIVERED' | 'FAILED'>",
  'webhook_events.data': 'JsonOf<Record<string, unknown>>',
  'worker_documents.status': "Generated<'VERIFIED' | 'PENDING' | 'INCORRECT'>",
  'worker_profiles.address': 'JsonOf<Record<string, unknown>> | null',
  'worker_profiles.verification': "JsonOf<Record<string, 'VERIFIED' | 'PENDING' | 'INCORRECT'>>",
  'workers.approval_status': "'PENDING' | 'APPROVED' | 'REJECTED' | null",
  'workers.employment_status': 'Generated<EmploymentStatusDb>',
  'workers.worker_type': "Generated<'EMPLOYEE' | 'CONTRACTOR'>",
};
const NAMED = ['JsonOf', 'EmployerConfigJson', 'EmployerMetadataJson', 'AdminStatus', 'OtpPurpose', 'ActionKind', 'AuthLimitKind', 'EmploymentStatusDb', 'PayrollStatusDb', 'PayrollEntryStatusDb', 'PayoutStatusDb'];

/** Appended to the generated types: the row types the code reads, and the named column types. */
const TAIL = `
export type AdminRecord = Selectable<Admins>;
export type WorkerRecord = Selectable<Workers>;
export type DocumentUploadRecord = Selectable<DocumentUploads>;
export type PayrollRecord = Selectable<Payrolls>;
export type PayrollEntryRecord = Selectable<PayrollEntries>;
export type { ActionKind, AuthLimitKind, EmployerConfigJson, EmployerMetadataJson, OtpPurpose, PayoutStatusDb } from './column-types.js';
`;

const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.join(here, '../src/db/schema.ts');

/** The schema file the migrations make, as text. */
async function schemaText(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-schema-pg-'));
  fs.chmodSync(dir, 0o777);
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), 50000 + Math.floor(Math.random() * 5000), () => {});
  try {
    const { db } = createDatabase(embedded.url, 2);
    try {
      await migrate(db);
      const text = await generate({
        db,
        dialect: new PostgresDialect({ dateParser: 'string', numericParser: 'number' }),
        defaultSchemas: ['public'],
        excludePattern: 'public.schema_migrations',
        // database.ts's type parsers: bigint (paise) and numeric as numbers.
        typeMapping: { int8: 'number' },
        overrides: { columns: COLUMN_TYPES },
        customImports: Object.fromEntries(NAMED.map((n) => [n, './column-types.js'])),
        print: false,
        outFile: null,
      });
      return text.replace('import type { ColumnType } from "kysely";', 'import type { ColumnType, Selectable } from "kysely";') + TAIL;
    } finally {
      await db.destroy();
    }
  } finally {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const text = await schemaText();
if (process.argv.includes('--check')) {
  if (fs.readFileSync(target, 'utf8') !== text) {
    console.error('apps/server/src/db/schema.ts is not what the migrations make: run `npm run db:schema` and commit it.');
    process.exit(1);
  }
} else {
  fs.writeFileSync(target, text);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
