/** The `employeeProfileCalls` contracts (decision 0051): an export per endpoint, the namespace `employeeProfileCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { VendorQuery } from '../wire/api.js';
import type { AgreementLink, AgreementSignedLinkQuery, AgreementsMetadata, EmployeeProfile, ProfileDocumentQuery, ProfileIdParams, ProfileQuery, ProfileTransactions, SalaryDetails, WorkerTypeQuery } from '../wire/employee-profile.js';
import { endpoint } from './endpoint.js';

export const profile = /*#__PURE__*/ endpoint<{ query: typeof ProfileQuery; answer: typeof EmployeeProfile }>()('GET', '/employer-admin/user');
export const document = /*#__PURE__*/ endpoint<{ query: typeof ProfileDocumentQuery; answer: 'file' }>()('GET', '/employer-admin/user-document');
export const transactions = /*#__PURE__*/ endpoint<{ query: typeof ProfileQuery; answer: typeof ProfileTransactions }>()('GET', '/employer-admin/transactions');
export const salaryDetails = /*#__PURE__*/ endpoint<{ params: typeof ProfileIdParams; query: typeof VendorQuery; answer: typeof SalaryDetails }>()('GET', '/employer-admin/employee/:id/withdrawal-accessibility');
export const agreements = /*#__PURE__*/ endpoint<{ params: typeof ProfileIdParams; query: typeof WorkerTypeQuery; answer: typeof AgreementsMetadata }>()('GET', '/employer-admin/workers/:id/agreements-metadata');
export const agreementLink = /*#__PURE__*/ endpoint<{ params: typeof ProfileIdParams; query: typeof VendorQuery; answer: typeof AgreementLink }>()('GET', '/employer-admin/agreements/:id/presigned-s3-url');
/** The signed link's file (public; its path is employee-profile's AGREEMENT_DOCUMENT_PATH). */
export const signedAgreement = /*#__PURE__*/ endpoint<{ params: typeof ProfileIdParams; query: typeof AgreementSignedLinkQuery; answer: 'file' }>()('GET', '/agreement-documents/:id');
