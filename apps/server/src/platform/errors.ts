/** The one error type of the API, mapped in one place to a status and the spec's error body. */
import { ERROR_CODES, MSG, NOT_FOR_THIS_CALLER_CODE, type ErrorBody } from '@portal/domain';

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
  toBody(): ErrorBody {
    return { message: { description: this.message, ...(this.code ? { code: this.code } : {}) } };
  }
}

export const badRequest = (message: string, code: string = ERROR_CODES.validation) => new AppError(400, message, code);
export const unauthenticated = (message: string = MSG.sessionExpired) => new AppError(401, message, ERROR_CODES.unauthenticated);
export const forbidden = (message: string = MSG.unauthorized) => new AppError(403, message, ERROR_CODES.forbidden);
/** Issue 26: the guard let the caller through, but this call is for another kind of caller (a person, the employer's own context). */
export const notForThisCaller = (message: string) => new AppError(403, message, NOT_FOR_THIS_CALLER_CODE);
export const notFound = (message = 'Not found') => new AppError(404, message, ERROR_CODES.notFound);
export const conflict = (message: string, code: string = ERROR_CODES.conflict) => new AppError(409, message, code);
