-- Decision 0037 "Blind-index rotation": the blind-index key rotates. `data_index_key` holds one row
-- per key version (`id` is the version, 1 the key every hash before this was made with); the newest
-- is the one hashes are made with, every row the comparisons match under (two while a rotation runs:
-- `npm run cli -- blind-index rotate`, then `finish`, which deletes the older row). A hash under
-- version 1 is the bare 32 bytes of HMAC-SHA256, as before; under a later version, the version as 2
-- bytes (big-endian) and then the 32 bytes, so the version of every stored hash is known in SQL.
alter table data_index_key drop constraint data_index_key_id_check;
alter table data_index_key add constraint data_index_key_version check (id between 1 and 65535);
