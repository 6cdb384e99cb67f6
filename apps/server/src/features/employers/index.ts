/** Provisioning for the operators' CLI and the demo seed. */
export { provisionAdmin, provisionEmployer, type AdminInput, type EmployerInput, type VendorInput } from './provision.js';
export { DEMO_ADMINS, DEMO_PASSWORD, seedDemoIfEmpty } from './demo.js';
