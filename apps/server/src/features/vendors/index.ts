/** Vendors: the cards of the vendors an admin may enter (spec 2.18). */
export { registerVendorRoutes } from './routes.js';
