/**
 * Document uploads (spec 2.7, 2.8, 4.3, 7): storing an accepted upload and queueing its processing
 * in one transaction, the histories, the attendance list, raw files and document downloads. Every
 * query is scoped by the caller's employer and context (the employer's own uploads without
 * `vendorId`, that vendor's with it); a document outside the scope is not found.
 *
 * One file per use case under `use-cases/` (`accept`, `abandon-if-job-dead`, `history`, `one`,
 * `attendance`, `leave`, `raw-files`, `document`, and the upload outcome notices' `outcomes`,
 * `dismiss-outcome`, `outcomes-seen`, `dismiss-all-outcomes`), what they share in `shared.ts`, the
 * sheet queue and the end of an abandoned upload in `sheet-queue.ts`; this binds them to the deps
 * (decision 0029).
 */
import { bindUseCases } from '../../platform/use-cases.js';
import type { DocumentDeps } from './shared.js';
import { abandonIfJobDead } from './use-cases/abandon-if-job-dead.js';
import { accept } from './use-cases/accept.js';
import { attendance } from './use-cases/attendance.js';
import { dismissAllOutcomes } from './use-cases/dismiss-all-outcomes.js';
import { dismissOutcome } from './use-cases/dismiss-outcome.js';
import { document } from './use-cases/document.js';
import { history } from './use-cases/history.js';
import { leave } from './use-cases/leave.js';
import { one } from './use-cases/one.js';
import { outcomes } from './use-cases/outcomes.js';
import { outcomesSeen } from './use-cases/outcomes-seen.js';
import { rawFiles } from './use-cases/raw-files.js';

export const createDocumentService = (deps: DocumentDeps) =>
  bindUseCases(deps, { accept, abandonIfJobDead, history, one, attendance, leave, rawFiles, document, outcomes, dismissOutcome, outcomesSeen, dismissAllOutcomes });
