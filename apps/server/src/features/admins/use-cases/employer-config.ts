import { payrollConfigOf, type EmployerConfig } from '@portal/domain';
import type { Deps } from '../../../platform/context.js';
import type { AuthContext } from '../../../platform/guard.js';
import { employerOf } from '../shared.js';

/** GET /employer-admin/employer-config: the approval and upload-link switches and the payroll config. */
export async function employerConfig(deps: Pick<Deps, 'db'>, ctx: AuthContext): Promise<EmployerConfig> {
  const e = await employerOf(deps, ctx);
  return { isEmployeeApprovalEnabled: Boolean(e.config.isEmployeeApprovalEnabled), fileUploadLinkEnabled: Boolean(e.config.fileUploadLinkEnabled), ...payrollConfigOf(e.config) };
}
