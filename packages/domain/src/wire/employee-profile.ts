/** The zod wire schemas of ../employee-profile.ts (kept apart so that the browser bundle carries no zod: see ../browser.ts). */
import { z } from 'zod';
import { PROFILE_DOCUMENT_TYPES, VERIFICATION_STATUSES, VERIFICATION_KINDS } from '../employee-profile.js';
import { WORKER_TYPES, EMPLOYMENT_STATUSES } from '../employees.js';
import { TRANSACTION_STATUSES } from '../advances.js';

// ---- wire shapes ----

export const ProfileQuery = z.object({ employeeId: z.string().max(100), vendorId: z.string().uuid().optional() });
export const ProfileDocumentQuery = ProfileQuery.extend({ docType: z.enum(PROFILE_DOCUMENT_TYPES) });
export const WorkerTypeQuery = z.object({ workerType: z.enum(WORKER_TYPES), vendorId: z.string().uuid().optional() });
export const ProfileIdParams = z.object({ id: z.string().max(100) });

const data = <T extends z.ZodTypeAny>(t: T) => z.object({ data: t });

export const ProfileAddress = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
});
export type ProfileAddress = z.infer<typeof ProfileAddress>;

export const ProfileAgreement = z.object({
  agreementId: z.string(),
  agreementType: z.string(),
  signedAt: z.string(),
  /** Whether a document is stored, so that View can get a link. */
  hasDocument: z.boolean(),
});
export type ProfileAgreement = z.infer<typeof ProfileAgreement>;

export const ProfileDocument = z.object({
  docType: z.enum(PROFILE_DOCUMENT_TYPES),
  status: z.enum(VERIFICATION_STATUSES),
  uploadedAt: z.string(),
});

/** GET /employer-admin/user: the profile (spec 3), PAN and account numbers masked but the last 4. */
export const EmployeeProfile = z.object({
  _id: z.string(),
  workerType: z.enum(WORKER_TYPES),
  employerEmployeeId: z.string(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES),
  joinedAt: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  designation: z.string().nullable(),
  signedUp: z.boolean(),
  name: data(z.string()),
  phone: data(z.object({ countryCode: z.string(), number: z.string() })).nullable(),
  email: data(z.string()).nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  pan: data(z.object({ pan: z.string() })).nullable(),
  address: data(ProfileAddress).nullable(),
  /** The salary account the employer entered, masked. */
  salaryAccountNumber: z.string().nullable(),
  bankAccountInfo: z.array(data(z.object({ primary: z.boolean(), accountNumber: z.string(), ifsc: z.string() }))),
  agreements: z.array(ProfileAgreement),
  /** Document review metadata: the status of the latest document of each kind the worker uploaded. */
  documents: z.array(ProfileDocument),
  /** Verification statuses per kind; a kind without a review is absent. */
  verification: z.partialRecord(z.enum(VERIFICATION_KINDS), z.enum(VERIFICATION_STATUSES)),
});
export type EmployeeProfile = z.infer<typeof EmployeeProfile>;

/** GET /employer-admin/transactions?employeeId=: the worker's advances, newest first. */
export const ProfileTransaction = z.object({
  _id: z.string(),
  employeeId: z.string(),
  createdAt: z.string(),
  /** paise */
  amount: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  /** paise */
  repaidAmount: z.number().int(),
  /** paise still owed on a disbursed advance; null when nothing was disbursed */
  pendingRepaymentAmount: z.number().int().nullable(),
  latestRepaymentDate: z.string().nullable(),
  /** Why a rejected advance was rejected (the employer, or the limits re-checked when an approved request moved on); decision 0032 */
  reason: z.string().nullable().optional(),
});
export type ProfileTransaction = z.infer<typeof ProfileTransaction>;
export const ProfileTransactions = z.object({ transactions: z.array(ProfileTransaction), total: z.number().int() });

/** GET /employer-admin/employee/{id}/withdrawal-accessibility (spec 3 "Salary details"), paise. */
export const SalaryDetails = z.object({
  currentAvailableSalary: z.number().int(),
  withdrawnAmount: z.number().int(),
  sodRemainingBalance: z.number().int(),
  isWithdrawalAllowed: z.boolean(),
});
export type SalaryDetails = z.infer<typeof SalaryDetails>;

export const AgreementsMetadata = z.object({ agreements: z.array(ProfileAgreement) });
/** GET /employer-admin/agreements/{id}/presigned-s3-url: null when the agreement has no document. */
export const AgreementLink = z.object({ url: z.string().nullable(), expiresAt: z.string().nullable() });
export type AgreementLink = z.infer<typeof AgreementLink>;
export const AgreementSignedLinkQuery = z.object({ expires: z.string().regex(/^\d{1,15}$/), signature: z.string().regex(/^[0-9a-f]{64}$/) });
