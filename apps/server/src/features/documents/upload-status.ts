/**
 * The owner of the upload audit's status (issue 23): the only writer of `document_uploads.status`.
 * An upload begins PROCESSING (a sheet) or PROCESSED (a document kept as it is) by `startUpload`,
 * and moves only by `moveUpload`, a conditional update that refuses a move the domain's
 * UPLOAD_MOVES does not list, before it touches the database. The pipeline ends a sheet, `abandon`
 * gives up on one whose job is gone, and a sheet kind that finds nothing to process (payroll's
 * `begin`) answers a reason for the pipeline to fail it with; other features go through
 * documents' index.ts. A guard test (apps/server/test/status-owners.test.ts) fails when another
 * file writes the column.
 */
import type { Insertable, Kysely, UpdateObject } from 'kysely';
import { UPLOAD_STARTS, canMoveUpload, type UploadStatus } from '@portal/domain';
import type { DB, DocumentUploadRecord } from '../../db/schema.js';

/** A move (or a first status) the table does not list: a programming error, never an answer to a caller. */
export class ForbiddenUploadMove extends Error {
  constructor(from: UploadStatus | null, to: UploadStatus) {
    super(from ? `an upload cannot move from ${from} to ${to} (UPLOAD_MOVES)` : `an upload cannot begin ${to} (UPLOAD_STARTS)`);
  }
}

/** Columns written with the move (the reason, counts, files, when); never `status`. */
type Alongside = Omit<UpdateObject<DB, 'document_uploads'>, 'status'>;

/** A new upload's row in `status` (PROCESSING or PROCESSED); its id. */
export async function startUpload(db: Kysely<DB>, values: Omit<Insertable<DB['document_uploads']>, 'status'>, status: UploadStatus): Promise<string> {
  if (!UPLOAD_STARTS.includes(status)) throw new ForbiddenUploadMove(null, status);
  const row = await db
    .insertInto('document_uploads')
    .values({ ...values, status })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves the upload from `from` to `to`, with `alongside` written in the same statement; the row as
 * moved, or null when it was not in `from` (ended meanwhile, or never there). Throws
 * ForbiddenUploadMove when `from` -> `to` is not in UPLOAD_MOVES.
 */
export async function moveUpload(db: Kysely<DB>, uploadId: string, from: UploadStatus, to: UploadStatus, alongside: Alongside = {}): Promise<DocumentUploadRecord | null> {
  if (!canMoveUpload(from, to)) throw new ForbiddenUploadMove(from, to);
  const moved = await db
    .updateTable('document_uploads')
    .set({ ...alongside, status: to })
    .where('id', '=', uploadId)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
  return moved ?? null;
}
