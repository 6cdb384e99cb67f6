/**
 * What the API keys use cases share (decision 0029): keys are managed by a person, in the
 * employer's own context.
 */
import { API_KEY_MSG } from '@portal/domain';
import { personInEmployerContext, type AuthContext } from '../../platform/guard.js';

/** Keys are managed by a person, in the employer's own context: a key never makes or revokes keys. */
export const humansOnly = (ctx: AuthContext) => personInEmployerContext(ctx, { key: API_KEY_MSG.keysCannotManageKeys, vendorContext: API_KEY_MSG.employerContextOnly });
