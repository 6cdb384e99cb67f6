/**
 * Admin users of an employer (Settings), the signed-in profile, the employer's own data, the roles
 * and the recent activity. One file per use case under `use-cases/`, what they share in `shared.ts` (the roles, the admins of
 * the caller's scope, the form's check, the admin the caller may manage); this binds them to the
 * deps with identity's mail outbox (decision 0029).
 */
import type { Deps } from '../../platform/context.js';
import { bindUseCases } from '../../platform/use-cases.js';
import { adminDeps } from './shared.js';
import { create } from './use-cases/create.js';
import { employerConfig } from './use-cases/employer-config.js';
import { employerInfo } from './use-cases/employer-info.js';
import { employerMetadata } from './use-cases/employer-metadata.js';
import { list } from './use-cases/list.js';
import { profile } from './use-cases/profile.js';
import { recentActivity } from './use-cases/recent-activity.js';
import { remove } from './use-cases/remove.js';
import { resetSecondFactor } from './use-cases/reset-second-factor.js';
import { roles } from './use-cases/roles.js';
import { update } from './use-cases/update.js';

export const createAdminService = (deps: Deps) =>
  bindUseCases(adminDeps(deps), {
    profile,
    employerInfo,
    employerConfig,
    employerMetadata,
    roles,
    list,
    create,
    update,
    resetSecondFactor,
    remove,
    recentActivity,
  });
