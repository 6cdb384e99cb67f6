/**
 * Employee profile (spec 2.6, 3, 7): the worker's personal and account details (PAN and account
 * numbers masked but the last 4 before they leave the server), their documents, agreements,
 * advances and salary details. Every lookup is scoped by the caller's employer and context (the
 * employer's own workers without `vendorId`, that vendor's with it); anything else is 404.
 *
 * Agreement documents are handed out as short-lived signed links: an HMAC over the agreement id
 * and the expiry, with a key derived from the server's code key, checked in constant time.
 *
 * One file per use case under `use-cases/`, what they share in `shared.ts` (the worker in scope,
 * the agreements, the link's signature in the deps); this binds them to the deps (decision 0029).
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { profileDeps } from './shared.js';
import { agreementLink } from './use-cases/agreement-link.js';
import { agreements } from './use-cases/agreements.js';
import { document } from './use-cases/document.js';
import { profile } from './use-cases/profile.js';
import { salaryDetails } from './use-cases/salary-details.js';
import { signedAgreementDocument } from './use-cases/signed-agreement-document.js';
import { transactions } from './use-cases/transactions.js';

export const createEmployeeProfileService = (deps: Deps) =>
  bindUseCases(profileDeps(deps), { profile, document, transactions, salaryDetails, agreements, agreementLink, signedAgreementDocument });
