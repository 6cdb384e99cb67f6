/** The add/edit form's 400 answer: the usual `{ message: { description } }` plus one message per field. */
import { ERROR_CODES, type EmployeeFormErrorBody } from '@portal/domain';
import { AppError } from '../../platform/errors.js';

export class FormError extends AppError {
  constructor(
    description: string,
    readonly errors: Record<string, string>,
  ) {
    super(ERROR_CODES.validation, description);
  }
  override toBody(): EmployeeFormErrorBody {
    return { ...super.toBody(), errors: this.errors };
  }
}
