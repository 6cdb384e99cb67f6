-- Issue 21: the staged row's parsed value as jsonb, parsed once by COPY while the sheet is read
-- (on the database's core, beside the reader's), instead of once by every statement that reads it.
alter table sheet_rows alter column value type jsonb using value::jsonb;
