import { VendorLayout } from '../../../features/shell/vendor-layout';

/** /vendors and its nested routes (spec 2.2): the vendor's name and tabs above the vendor pages. */
export function Component() {
  return <VendorLayout />;
}
