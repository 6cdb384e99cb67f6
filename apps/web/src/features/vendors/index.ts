/** Vendors (spec 2.18): the vendor cards. */
export { VendorCardsPage } from './vendor-cards-page';
