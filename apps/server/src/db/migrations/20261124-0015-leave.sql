-- Issue 13: leave, recorded by leave sheets (LEAVE_UPLOAD, decision 0025). One row per leave of a
-- worker: From and To both counted, at most one row for a worker's dates, and (kept by the sheet
-- kind under the employer's lock) no two leaves of a worker sharing a day.
alter table document_uploads drop constraint document_uploads_doc_type_check;
alter table document_uploads add constraint document_uploads_doc_type_check
  check (doc_type in ('ADD_EMPLOYEES_BULK_UPLOAD', 'ATTENDANCE_UPLOAD', 'TERMINATED_EMPLOYEES_UPLOAD', 'PAYROLL_UPLOAD', 'PAYROLL_STREAMING_ACCOUNT', 'RAW_FILE', 'LEAVE_UPLOAD'));

create table leaves (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  worker_id uuid not null references workers(id),
  from_date date not null,
  to_date date not null,
  leave_type text not null check (leave_type in ('CASUAL_LEAVE', 'SICK_LEAVE', 'EARNED_LEAVE', 'UNPAID_LEAVE')),
  -- the upload that recorded the leave, or last changed its type
  upload_id uuid not null references document_uploads(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (to_date >= from_date),
  unique (worker_id, from_date, to_date)
);
create index leaves_worker_dates on leaves (worker_id, from_date);
create index leaves_upload on leaves (upload_id);
create index leaves_scope on leaves (employer_id, vendor_id);
