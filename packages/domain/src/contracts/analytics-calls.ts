/** The `analyticsCalls` contracts (decision 0051): an export per endpoint, the namespace `analyticsCalls` of contracts/index.ts, so a bundle keeps only the ones it calls. */
import type { VendorQuery } from '../wire/api.js';
import type { ExternalDashboardsResult } from '../wire/external-links.js';
import { endpoint } from './endpoint.js';

export const dashboards = /*#__PURE__*/ endpoint<{ query: typeof VendorQuery; answer: typeof ExternalDashboardsResult }>()('GET', '/employer-admin/external/dashboards');
