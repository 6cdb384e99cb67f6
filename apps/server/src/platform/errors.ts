/**
 * The one error type of the API. Its code is an entry of the domain's error table (ERRORS), which
 * gives the HTTP status and, for a code whose text never changes, the message; one handler (app.ts)
 * turns it into the spec's error body.
 */
import type { FastifyReply } from 'fastify';
import { ERRORS, ERROR_CODES, NOT_FOR_THIS_CALLER_CODE, type CodeWithMessage, type ErrorBody, type ErrorCode, type ErrorEntry } from '@portal/domain';

export class AppError extends Error {
  readonly status: number;
  constructor(code: CodeWithMessage, message?: string);
  constructor(code: ErrorCode, message: string);
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    const entry: ErrorEntry = ERRORS[code];
    super(message ?? entry.message);
    this.status = entry.status;
  }
  toBody(): ErrorBody {
    return { message: { description: this.message, code: this.code } };
  }
}

export const badRequest = (message: string) => new AppError(ERROR_CODES.validation, message);
export const unauthenticated = (message?: string) => new AppError(ERROR_CODES.unauthenticated, message);
export const forbidden = (message?: string) => new AppError(ERROR_CODES.forbidden, message);
/** Issue 26: the guard let the caller through, but this call is for another kind of caller (a person, the employer's own context). */
export const notForThisCaller = (message: string) => new AppError(NOT_FOR_THIS_CALLER_CODE, message);
export const notFound = (message?: string) => new AppError(ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(ERROR_CODES.conflict, message);

/** For a hook or handler that answers itself instead of throwing: the error's status (the table's) and body. */
export const sendError = (reply: FastifyReply, error: AppError) => reply.status(error.status).send(error.toBody());
