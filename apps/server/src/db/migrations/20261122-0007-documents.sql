-- Document uploads (issue 4): stored files (uploaded originals and processed sheets, kept in
-- PostgreSQL) and one upload row per upload, with its processing status and row counts.
create table stored_files (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  admin_id uuid not null references admins(id),
  document_type text not null,
  file_name text not null,
  mime_type text not null,
  size_bytes integer not null check (size_bytes >= 0),
  content bytea not null,
  created_at timestamptz not null default now()
);
create index stored_files_employer on stored_files (employer_id, id);

create table document_uploads (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  admin_id uuid not null references admins(id),
  doc_type text not null check (doc_type in ('ADD_EMPLOYEES_BULK_UPLOAD', 'ATTENDANCE_UPLOAD', 'TERMINATED_EMPLOYEES_UPLOAD', 'PAYROLL_UPLOAD', 'PAYROLL_STREAMING_ACCOUNT', 'RAW_FILE')),
  status text not null check (status in ('PROCESSING', 'PROCESSED', 'FAILED')),
  file_name text not null,
  original_file_id uuid not null references stored_files(id),
  processed_file_id uuid references stored_files(id),
  total_rows integer,
  applied_rows integer,
  unchanged_rows integer,
  failed_rows integer,
  failure_reason text,
  latest_attendance_date date,
  created_at timestamptz not null default now(),
  processed_at timestamptz
);
-- Histories: per employer and context, per type, newest first.
create index document_uploads_history on document_uploads (employer_id, doc_type, created_at desc);
