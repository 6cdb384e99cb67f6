/** Signed-in account forms of spec 5.5: Change Password (Profile) and the admin form (Settings). */
import * as z from 'zod/mini';
import { MSG } from '../messages.js';
import { isValidEmail, isValidMobile, isValidName } from '../validation.js';
import { fieldErrors, filled, rule, text, type FieldErrors } from './schema.js';
import { longEnoughPassword } from './auth.js';

/**
 * "Enter current password", "Enter new password", the server's minimum, "Password did not match"
 * (checked once a new one is typed).
 */
export const ChangePasswordForm = z
  .object({
    currentPassword: text(rule(filled, MSG.enterCurrentPassword)),
    newPassword: text(rule(filled, MSG.enterNewPassword), longEnoughPassword),
    confirmPassword: z.string(),
  })
  .check(z.refine((v) => !filled(v.newPassword) || v.newPassword === v.confirmPassword, { message: MSG.passwordDidNotMatch, path: ['confirmPassword'] }));
export type ChangePasswordInput = z.infer<typeof ChangePasswordForm>;

/** The admin form's text fields: "Invalid name", "Invalid mobile", "Invalid email", "Invalid branch location". */
export const AdminForm = z.object({
  name: text(rule((v) => isValidName(v.trim()), MSG.invalidName)),
  mobile: text(rule((v) => isValidMobile(v.trim()), MSG.invalidMobile)),
  email: text(rule(isValidEmail, MSG.invalidEmail)),
  branchLocation: text(rule(filled, MSG.invalidBranchLocation)),
});
export type AdminFormInput = z.infer<typeof AdminForm>;

/** The dialog also asks for one role (our own message: the spec is silent). */
export const SELECT_ROLE_MSG = 'Select a role';
export const AdminDialogForm = z.extend(AdminForm, { roleId: text(rule(filled, SELECT_ROLE_MSG)) });
export type AdminDialogInput = z.infer<typeof AdminDialogForm>;

export const validateAdminForm = (input: AdminFormInput): FieldErrors<AdminFormInput> => fieldErrors(AdminForm, input);
