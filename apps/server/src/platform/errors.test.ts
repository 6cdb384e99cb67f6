/**
 * The one error table (issue 23): every code the API answers with is an entry of the domain's
 * ERRORS, which alone chooses its HTTP status. `AppError` takes only a table code (an unknown code
 * does not compile, nor does a code without a fixed message given no message), and no server file
 * writes an error body with a code by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS, ERROR_CODES, FILE_UPLOAD_LINK_CODES, MSG, UPLOAD_MSG, type ErrorCode } from '@portal/domain';
import { AppError, badRequest, conflict, forbidden, notFound, notForThisCaller, unauthenticated } from './errors.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the error table', () => {
  it('gives every code an error status and, where it has one, a message', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      if ('message' in entry) expect(entry.message.length, code).toBeGreaterThan(0);
    }
  });

  it('keeps the statuses the API has always answered with', () => {
    const statuses: Partial<Record<ErrorCode, number>> = {
      [ERROR_CODES.validation]: 400,
      [ERROR_CODES.passwordExpired]: 400,
      [ERROR_CODES.unauthenticated]: 401,
      [ERROR_CODES.forbidden]: 403,
      [ERROR_CODES.mfaNotEnrolled]: 403,
      [ERROR_CODES.emailNotVerified]: 403,
      [ERROR_CODES.notFound]: 404,
      [ERROR_CODES.conflict]: 409,
      [ERROR_CODES.secondFactorInUse]: 409,
      [ERROR_CODES.rateLimited]: 429,
      [ERROR_CODES.locked]: 429,
      [ERROR_CODES.smsUnavailable]: 503,
      'not-for-this-caller': 403,
      [FILE_UPLOAD_LINK_CODES.invalid]: 403,
      UPLOAD_FORMAT: 400,
      UPLOAD_TOO_LARGE: 400,
      PAYROLL_STATUS: 409,
      STREAMING_ACCOUNT_NOT_OPTED_IN: 409,
      ADVANCE_REFUSED: 422,
    };
    for (const [code, status] of Object.entries(statuses)) expect(ERRORS[code as ErrorCode].status, code).toBe(status);
  });
});

describe('AppError', () => {
  it("takes its status, and its message when the call gives none, from the table", () => {
    expect(new AppError(ERROR_CODES.locked)).toMatchObject({ status: 429, message: MSG.accountLocked, code: ERROR_CODES.locked });
    expect(new AppError('UPLOAD_EMPTY').toBody()).toEqual({ message: { description: UPLOAD_MSG.emptyFile, code: 'UPLOAD_EMPTY' } });
    expect(new AppError(ERROR_CODES.rateLimited, MSG.mailsAskedTooOften(30))).toMatchObject({ status: 429, message: MSG.mailsAskedTooOften(30) });
    expect(new AppError('UPLOAD_FORMAT', UPLOAD_MSG.formatError('xlsx')).toBody()).toEqual({ message: { description: UPLOAD_MSG.formatError('xlsx'), code: 'UPLOAD_FORMAT' } });
  });

  it('keeps the generic helpers', () => {
    expect(badRequest('x')).toMatchObject({ status: 400, message: 'x', code: ERROR_CODES.validation });
    expect(unauthenticated()).toMatchObject({ status: 401, message: MSG.sessionExpired, code: ERROR_CODES.unauthenticated });
    expect(forbidden()).toMatchObject({ status: 403, message: MSG.unauthorized, code: ERROR_CODES.forbidden });
    expect(notForThisCaller('y')).toMatchObject({ status: 403, message: 'y', code: 'not-for-this-caller' });
    expect(notFound()).toMatchObject({ status: 404, message: 'Not found', code: ERROR_CODES.notFound });
    expect(conflict('z')).toMatchObject({ status: 409, message: 'z', code: ERROR_CODES.conflict });
  });

  it('takes table codes only (checked by the compiler)', () => {
    // @ts-expect-error: not a code of the table
    expect(() => new AppError('NO_SUCH_CODE', 'x')).toThrow(TypeError);
    // @ts-expect-error: the table has no message for this code, so the call must give one
    expect(new AppError('UPLOAD_FORMAT').message).toBe('');
  });
});

describe('the server', () => {
  it('writes no error body with a code by hand: every coded answer is an AppError', () => {
    const handMade = /message:\s*\{\s*description:[^}]*\bcode:/;
    const offenders = sourceFiles(SRC).filter((f) => !f.endsWith(path.join('platform', 'errors.ts')) && handMade.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
