-- Issue 20, item 6 (decision 0025): what a leave sheet did when it was processed, kept on its
-- upload, so its row in the leave list does not change when a later sheet cancels or replaces
-- that leave. Null for uploads of other types, still processing, refused, or processed before
-- this migration (the list then shows the leave still recorded by the upload, as before).
alter table document_uploads
  add column leave_recorded integer,
  add column leave_changed integer,
  add column leave_replaced integer,
  add column leave_cancelled integer;
