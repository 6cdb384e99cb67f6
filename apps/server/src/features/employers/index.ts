/** Provisioning for the operators' CLI and the demo seed (src/demo). */
export { provisionAdmin, provisionEmployer } from './provision.js';
