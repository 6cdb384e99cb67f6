/**
 * Employee profile (spec 2.6, 3 "Employee profile" and "Salary details", 6, 7, 8, 9): the wire
 * shapes of the profile calls, the document kinds, the verification statuses, and the screen's
 * messages and cell texts. Money is integer paise; account number and PAN leave the server masked.
 */
import { businessDate, formatRupees } from './format.js';
import type { ProfileTransaction, ProfileAddress } from './wire/employee-profile.js';

/** Verification statuses (spec 3). */
export const VERIFICATION_STATUSES = ['VERIFIED', 'PENDING', 'INCORRECT'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Verification document kinds (spec 3). */
export const VERIFICATION_KINDS = ['address', 'bank_details', 'pan', 'selfie_doc', 'pan_doc', 'address_proof_doc'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

/** The profile's document cards (spec 2.6), in screen order: the `docType` of the document call. */
export const PROFILE_DOCUMENT_TYPES = ['selfie_doc', 'address_proof_doc', 'hr_letter_doc', 'rental_agreement_doc'] as const;
export type ProfileDocumentType = (typeof PROFILE_DOCUMENT_TYPES)[number];
export const PROFILE_DOCUMENT_LABELS: Record<ProfileDocumentType, string> = {
  selfie_doc: 'Selfie',
  address_proof_doc: 'Address Proof',
  hr_letter_doc: 'HR Letter',
  rental_agreement_doc: 'Rental Agreement',
};

/** What a worker may upload as a document, by content signature (shared/security.md, Files). */
export const PROFILE_DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ProfileDocumentMimeType = (typeof PROFILE_DOCUMENT_MIME_TYPES)[number];
export const PROFILE_DOCUMENT_MAX_BYTES = 5 * 1_048_576;

/** The content type a document's first bytes prove, or null when they prove none of the allowed ones. */
export function sniffDocumentType(bytes: Uint8Array): ProfileDocumentMimeType | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** How long a signed agreement link stays valid. */
export const AGREEMENT_LINK_TTL_MS = 5 * 60_000;

export const EMPLOYEE_PROFILE_MSG = {
  /** spec 8 */
  noAgreement: 'No result found for this agreement.',
  notFound: 'Employee not found',
  documentNotFound: 'No document of this kind',
  agreementNotFound: 'Agreement not found',
  linkExpired: 'This link is invalid or has expired.',
  terminateConfirm: (name: string) => `Are you sure you want to terminate ${name}?`,
  terminated: (name: string) => `${name} has been terminated`,
  /** spec 8 bulk wording, reused for the single Terminate */
  terminationFailed: 'Termination Failed',
} as const;

// ---- screen texts ----

export const PROFILE_NA = 'NA';

/** Statuses in which the advance's money went out to the worker. */
const DISBURSED: readonly string[] = ['TRANSFERRED', 'REPAID', 'DEDUCTED_FROM_SALARY'];
export const isDisbursedAdvance = (status: string): boolean => DISBURSED.includes(status);

/** dd/mm/yyyy hh:mm (24 h) of an instant in Asia/Kolkata; NA when missing or unreadable. */
export function profileDateTimeText(instant: string | null | undefined): string {
  if (!instant) return PROFILE_NA;
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return PROFILE_NA;
  const [y, m, d] = businessDate(at).split('-');
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return `${d}/${m}/${y} ${time}`;
}

/** The profile's transaction row as the Transactions screen shows it (2.13): NA for a missing value. */
export function profileTransactionCells(t: ProfileTransaction): { dateTime: string; amountDisbursed: string; repaidAmount: string; status: string } {
  const disbursed = isDisbursedAdvance(t.status);
  return {
    dateTime: profileDateTimeText(t.createdAt),
    amountDisbursed: disbursed ? formatRupees(t.amount) : PROFILE_NA,
    repaidAmount: disbursed ? formatRupees(t.repaidAmount) : PROFILE_NA,
    status: t.status.replace(/_/g, ' '),
  };
}

/** One line of an address, NA when there is none. */
export function profileAddressText(a: ProfileAddress | null | undefined): string {
  if (!a) return PROFILE_NA;
  const text = [a.line1, a.line2, a.city, a.state].filter((p) => p && p.trim()).join(', ');
  const full = a.pincode ? `${text} - ${a.pincode}` : text;
  return full.trim() ? full : PROFILE_NA;
}
