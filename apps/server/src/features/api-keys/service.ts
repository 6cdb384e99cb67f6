/**
 * API keys in Settings (issue 26, decision 0044): list, create (the secret answered once), revoke.
 * An admin with WRITE on the admin resource manages them; a key never manages keys.
 *
 * One file per use case under `use-cases/` (`list`, `create`, `revoke`), what they share in
 * `shared.ts`; this binds them to the deps (decision 0029).
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { create } from './use-cases/create.js';
import { list } from './use-cases/list.js';
import { revoke } from './use-cases/revoke.js';

export const createApiKeyService = (deps: Deps) => bindUseCases(deps, { list, create, revoke });
