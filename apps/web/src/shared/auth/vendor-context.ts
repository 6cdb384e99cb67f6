/**
 * The vendor context (spec 2.2, decision 0006): `useVendorId()` for pages, `vendorIdOf(params)` for
 * route loaders and pure helpers (issue 25). They are written in `./profile` (in the first bundle,
 * so no page loads a chunk for them, decision 0052); this is the module pages import them from.
 */
export { useVendorId, vendorIdOf } from './profile';
