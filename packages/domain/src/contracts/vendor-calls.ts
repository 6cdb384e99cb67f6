/** The `vendorCalls` contracts (decision 0051): an export per endpoint, the namespace `vendorCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { VendorListResult } from '../wire/vendors.js';
import { endpoint } from './endpoint.js';

export const list = /*#__PURE__*/ endpoint<{ answer: typeof VendorListResult }>()('GET', '/employer-admin/vendors');
