import { sql } from 'kysely';
import {
  DOCUMENT_FORMATS,
  PAYROLL_MSG,
  UPLOAD_MSG,
  compareMonths,
  firstDayOf,
  formatDdMmYyyy,
  isCurrentPayrollActive,
  isDisbursalStatus,
  maxBytesOf,
  monthLabel,
  monthYearOf,
  nextPayroll,
  parseMonthKey,
  payrollMonthOf,
  type PayrollKind,
  type UploadPayrollDocResult,
} from '@portal/domain';
import { AppError, badRequest } from '../../../platform/errors.js';
import type { AuthContext } from '../../../platform/guard.js';
import { inspectFile } from '../../../platform/uploads/inspect.js';
import { cleanFileName } from '../../../platform/uploads/receive.js';
import { JOB_MSG, type AcceptHook, type ReceivedFile } from '../../documents/index.js';
import { movePayroll, startPayroll } from '../lifecycle.js';
import { type PayrollDeps, configOf, currentPayroll, today } from '../shared.js';

/** Base64 (a data: URL prefix allowed) to bytes, refusing what is not base64 or too large before decoding. */
function decodeBase64(text: string, maxBytes: number, maxMb: number): Buffer {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0) throw new AppError('UPLOAD_EMPTY');
  if (Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0) > maxBytes) {
    throw new AppError('UPLOAD_TOO_LARGE', UPLOAD_MSG.sizeError(maxMb));
  }
  if (body.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw new AppError('UPLOAD_CORRUPT');
  return Buffer.from(body, 'base64');
}

/**
 * POST upload-payroll-doc: the file checked at the door as the multipart uploads are, then
 * stored with its upload row, its payroll (UPLOADED) and its job in one transaction (uploadSheet).
 */
export async function upload(deps: PayrollDeps, ctx: AuthContext, input: { file: string; fileName: string; payrollMonth?: string; docType: PayrollKind }): Promise<UploadPayrollDocResult> {
  return uploadSheet(deps, ctx, input, async () => {
    const format = DOCUMENT_FORMATS[input.docType];
    const buffer = decodeBase64(input.file, maxBytesOf(input.docType), format.maxMb);
    const fileName = cleanFileName(input.fileName);
    const { mimeType } = await inspectFile(buffer, fileName, format.extensions);
    return { fileName, mimeType, buffer };
  });
}

/**
 * The payroll upload, whatever brought the sheet (the upload's file, the bulk call's JSON rows:
 * decision 0046): refused outside the window, for another month, for a streaming-account payroll
 * without the opt-in, and while the month's current payroll is being processed, finalized or
 * executed. `file` is made only once the month and kind are allowed; `hook` runs in the upload's
 * transaction once its payroll is written (the bulk call keeps its Idempotency-Key there).
 */
export async function uploadSheet(
  deps: PayrollDeps,
  ctx: AuthContext,
  input: { payrollMonth?: string; docType: PayrollKind },
  file: () => Promise<ReceivedFile>,
  hook?: AcceptHook,
): Promise<UploadPayrollDocResult> {
  const { db, documents } = deps;
  const day = today(deps);
  const config = await configOf(db, ctx.admin.employer_id);
  const month = payrollMonthOf(day);
  const label = monthLabel(month);
  if (input.payrollMonth !== undefined) {
    const asked = parseMonthKey(input.payrollMonth);
    if (!asked || compareMonths(asked, month) !== 0) throw badRequest(PAYROLL_MSG.wrongMonth(label));
  }
  if (!isCurrentPayrollActive(day, config)) throw new AppError('PAYROLL_WINDOW_CLOSED', PAYROLL_MSG.windowClosed(formatDdMmYyyy(nextPayroll(day, config))));
  // Decision 0022: a streaming-account sheet only from an employer that has opted in; refused before anything is stored.
  if (input.docType === 'PAYROLL_STREAMING_ACCOUNT' && !config.hasEmployerOptedForStreamingAccount) {
    throw new AppError('STREAMING_ACCOUNT_NOT_OPTED_IN');
  }
  let payrollId = '';
  const record = await documents.accept(ctx, input.docType, await file(), async (trx, upload) => {
    // One upload per context and month at a time, so the check below stays true until commit.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`payroll:${ctx.admin.employer_id}:${ctx.vendorId ?? ''}:${firstDayOf(month)}`}, 0))`.execute(trx);
    const current = await currentPayroll(trx, ctx, month);
    if (current?.status === 'PAYROLL_FROZEN') throw new AppError('PAYROLL_FINALIZED', PAYROLL_MSG.alreadyFinalized(label));
    if (current && isDisbursalStatus(current.status)) throw new AppError('PAYROLL_EXECUTED', PAYROLL_MSG.alreadyExecuted(label));
    // Still processing refuses, unless its job is dead for good (decision 0019): then that payroll
    // ends PAYROLL_PROCESSING_FAILED here (UPLOADED too: a job that died before it began) and this
    // upload replaces it.
    if (current && (current.status === 'UPLOADED' || current.status === 'PROCESSING')) {
      if (!(await documents.abandonIfJobDead(trx, current.upload_id))) throw new AppError('PAYROLL_PROCESSING', PAYROLL_MSG.stillProcessing(label));
      await movePayroll(trx, current.id, ['UPLOADED', 'PROCESSING'], 'PAYROLL_PROCESSING_FAILED', { failure_reason: JOB_MSG.abandoned, updated_at: deps.now() });
    }
    payrollId = await startPayroll(trx, {
      employer_id: ctx.admin.employer_id,
      vendor_id: ctx.vendorId,
      month: firstDayOf(month),
      kind: input.docType,
      upload_id: upload.id,
      original_file_id: upload.originalFileId,
      admin_id: ctx.admin.id,
      created_at: deps.now(),
      updated_at: deps.now(),
    });
    if (hook) await hook(trx, upload);
  });
  return { payrollId, documentId: record._id, status: 'PROCESSING', month: monthYearOf(month) };
}
