/** The zod wire schemas of ../api.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { EMPLOYER_RESOURCES, VENDOR_RESOURCES, ACCESS_TYPES, ROLE_TYPES } from '../access.js';

export const ErrorBody = z.object({
  message: z.object({ description: z.string(), code: z.string().optional() }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Ok = z.object({ message: z.string() });

const email = z.string().trim().min(1).max(254);
const password = z.string().min(1).max(1024);
const otp = z.string().regex(/^\d{6}$/);

// ---- identity ----
export const SignInBody = z.object({ email, password });
/** The password step passed and a code was sent to the enrolled phone (auth/multi-factor-auth-required). */
export const SignInResult = z.union([
  z.object({ status: z.literal('SIGNED_IN'), token: z.string() }),
  z.object({
    status: z.literal('MFA_REQUIRED'),
    code: z.literal('auth/multi-factor-auth-required'),
    resolverToken: z.string(),
    phoneHint: z.string(),
  }),
]);
export type SignInResult = z.infer<typeof SignInResult>;

export const SignUpBody = z.object({ email, password, inviteToken: z.string().max(200).optional() });
/** `signedUp`: the invitation link set the password (a verification mail is on its way); otherwise `message` says what happened. */
export const SignUpResult = Ok.extend({ signedUp: z.boolean() });
export const EmailBody = z.object({ email });
export const OobCodeBody = z.object({ oobCode: z.string().min(1).max(200) });
export const ResetPasswordBody = z.object({ oobCode: z.string().min(1).max(200), newPassword: password });
export const VerifyResetResult = z.object({ email: z.string() });

export const MfaResolverBody = z.object({ resolverToken: z.string().min(1).max(200) });
export const MfaVerifyBody = z.object({ resolverToken: z.string().min(1).max(200), code: otp });
export const MfaEnrollStartBody = z.object({ phone: z.string().regex(/^[5-9]\d{9}$/) });
export const MfaEnrollStartResult = z.object({ verificationId: z.string(), phoneHint: z.string() });
export const MfaEnrollVerifyBody = z.object({ verificationId: z.string().min(1).max(200), code: otp });
export const TokenResult = z.object({ token: z.string() });
export const MfaCodeSent = z.object({ phoneHint: z.string(), resendAfterSeconds: z.number().int() });

export const ChangePasswordBody = z.object({ currentPassword: password, newPassword: password });

// ---- admin profile (GET /employer-admin) ----
const ResourceMapSchema = z.partialRecord(z.enum([...EMPLOYER_RESOURCES, ...VENDOR_RESOURCES]), z.array(z.enum(ACCESS_TYPES)).readonly());
export const RoleSchema = z.object({
  value: z.string(),
  name: z.string(),
  roleType: z.enum(ROLE_TYPES),
  description: z.string(),
  resources: ResourceMapSchema,
});

export const AdminProfile = z.object({
  _id: z.string(),
  employerId: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  branchLocation: z.string(),
  lastActiveAt: z.string().nullable(),
  roleIds: z.array(z.string()),
  roles: z.array(z.object({ value: z.string(), name: z.string() })),
  resources: ResourceMapSchema,
  departmentId: z.string().nullable(),
});
export type AdminProfile = z.infer<typeof AdminProfile>;

/** GET /employer-admin/mfa: the phone the admin is known by, for the E11023 path. */
export const AdminMfaInfo = z.object({ phone: z.string().nullable(), enrolled: z.boolean() });

export const EmployerInfo = z.object({ _id: z.string(), name: z.string() });
export const EmployerConfig = z.object({
  isEmployeeApprovalEnabled: z.boolean(),
  fileUploadLinkEnabled: z.boolean(),
  // Payroll (issue 5; defaults in payroll.ts DEFAULT_PAYROLL_CONFIG). Days of the run month; a null end is the month's last day.
  payrollWindowStartDay: z.number().int(),
  payrollWindowEndDay: z.number().int().nullable(),
  payrollExecutionStartDay: z.number().int(),
  hasEmployerOptedForStreamingAccount: z.boolean(),
});
export type EmployerConfig = z.infer<typeof EmployerConfig>;
export const EmployerMetadata = z.object({
  departmentIds: z.array(z.string()),
  gradeIds: z.array(z.string()),
  branchIds: z.array(z.string()),
});
export type EmployerMetadata = z.infer<typeof EmployerMetadata>;

export const RolesQuery = z.object({ userType: z.literal('EMPLOYER_ADMIN') });
export const RolesResult = z.object({ roles: z.array(RoleSchema) });

// ---- admins (Settings) ----
export const VendorQuery = z.object({ vendorId: z.string().uuid().optional() });
export const AdminRow = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  branchLocation: z.string(),
  roleIds: z.array(z.string()),
  roles: z.array(z.object({ value: z.string(), name: z.string() })),
  status: z.enum(['INVITED', 'ACTIVE']),
  lastActiveAt: z.string().nullable(),
});
export type AdminRow = z.infer<typeof AdminRow>;
export const AdminListResult = z.object({ admins: z.array(AdminRow) });

export const AdminFormBody = z.object({
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  branchLocation: z.string(),
  roleId: z.string().uuid(),
});
export type AdminFormBody = z.infer<typeof AdminFormBody>;
export const AdminIdQuery = z.object({ id: z.string().uuid().optional(), vendorId: z.string().uuid().optional() });
export const IdParam = z.object({ id: z.string() });

// ---- activity ----
export const ActivityRow = z.object({
  _id: z.string(),
  actionType: z.string(),
  employerAdminId: z.string(),
  updatedAt: z.string(),
  description: z.string(),
});
export const ActivityResult = z.object({
  activities: z.array(ActivityRow),
  employerAdminsDetails: z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
});

// ---- platform ----
export const HealthResult = z.object({ status: z.enum(['ok', 'degraded']), database: z.boolean(), queue: z.boolean() });
export const OutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['EMAIL', 'SMS']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxResult = z.object({ messages: z.array(OutboxMessage) });
export const OutboxQuery = z.object({ to: z.string().optional(), channel: z.enum(['EMAIL', 'SMS']).optional() });

// ---- contracts' named shapes (decision 0051) ----
export const PasswordChangedResult = Ok.extend({ token: z.string() });
export const ActivityQuery = VendorQuery.extend({ isRecentActivity: z.enum(['true', 'false']).optional() });
