-- One sheet pipeline (issue 11): row counts by outcome, the admin's acknowledgement of an upload's
-- outcome notice, the sheet that was read, and the staging table the rows are streamed into.
alter table document_uploads
  add column created_rows integer,
  add column updated_rows integer,
  add column sheet_name text,
  add column outcome_seen_at timestamptz;
-- The outcome notices: an admin's own uploads, newest first.
create index document_uploads_admin_outcomes on document_uploads (admin_id, created_at desc) where outcome_seen_at is null;

-- Staging: every non-blank data row of a sheet being processed, streamed in with COPY while the
-- file is read, checked and applied with set-based SQL, and read back to write the processed
-- sheet. Unlogged: after a crash it is empty, and the job that re-runs reads the stored file again.
create unlogged table sheet_rows (
  upload_id uuid not null,
  -- the row number in the uploaded file (1-based, as the spreadsheet program shows it)
  row_number integer not null,
  -- the row's cells as the processed sheet shows them (dates as dd/mm/yyyy), a JSON array
  cells json not null,
  -- the parsed row (the sheet kind's value), null when the row failed its own rules
  value json,
  -- the in-sheet key of a parsed row (rows sharing one are all refused)
  key text,
  -- the outcome: CREATED, UPDATED, UNCHANGED or FAILED (payroll: FINALIZED, SKIPPED, VALID)
  status text,
  reason text,
  -- the offending columns (sheet keys), highlighted in the processed sheet
  columns text[],
  primary key (upload_id, row_number)
);
create index sheet_rows_key on sheet_rows (upload_id, key) where key is not null;
-- The outcomes a sheet kind sets while applying, kept apart from the wide staged rows so that
-- setting them inserts narrow rows instead of rewriting every staged row. A row's outcome is its
-- sheet_outcomes row, else its own status (set while reading, or by the checks of the whole sheet).
create unlogged table sheet_outcomes (
  upload_id uuid not null,
  row_number integer not null,
  status text not null,
  reason text,
  columns text[],
  primary key (upload_id, row_number)
);
