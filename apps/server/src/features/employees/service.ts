/**
 * Employees list, add/edit, availability checks, terminate and activate (spec 2.5, 4.6, 5.3, 7).
 * One file per use case under `use-cases/`; the list's query in `list-query.ts`, the form in
 * `form.ts`, what they share in `shared.ts`; this binds them to the deps (decision 0029). Every
 * query is scoped by the caller's employer and context; a worker outside the scope is not found.
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { create } from './use-cases/create.js';
import { fieldAvailable } from './use-cases/field-check.js';
import { metadata } from './use-cases/metadata.js';
import { reportQuery } from './use-cases/report-query.js';
import { search } from './use-cases/search.js';
import { setStatusBulk } from './use-cases/set-status-bulk.js';
import { terminateOne } from './use-cases/terminate-one.js';
import { update } from './use-cases/update.js';

export const createEmployeeService = (deps: Pick<Deps, 'db' | 'now' | 'protector'>) =>
  bindUseCases(deps, { search, reportQuery, metadata, create, update, fieldAvailable, setStatusBulk, terminateOne });
