/**
 * Webhook endpoints and their delivery log in Settings (issue 26, decision 0045). An admin with
 * WRITE on admins adds an endpoint (the signing secret answered once), rotates its secret (the
 * previous one keeps signing for 24 h), removes it, sends a test event, and replays a delivery.
 * Like API keys, these are managed by a person in the employer's own context.
 *
 * One file per use case under `use-cases/` (`list-endpoints`, `add-endpoint`, `rotate-secret`,
 * `remove-endpoint`, `ping`, `deliveries`, `replay`), what they share in `shared.ts`; this binds
 * them to the deps (decision 0029).
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { addEndpoint } from './use-cases/add-endpoint.js';
import { deliveries } from './use-cases/deliveries.js';
import { listEndpoints } from './use-cases/list-endpoints.js';
import { ping } from './use-cases/ping.js';
import { removeEndpoint } from './use-cases/remove-endpoint.js';
import { replay } from './use-cases/replay.js';
import { rotateSecret } from './use-cases/rotate-secret.js';

export const createWebhookService = (deps: Deps) => bindUseCases(deps, { listEndpoints, addEndpoint, rotateSecret, removeEndpoint, ping, deliveries, replay });
