import { hasAnyVendorRead } from '@portal/domain';
import { GuardedScreen, type AccessContext } from '../../screens/guarded-screen';
import { VendorCardsPage } from '../../../features/vendors/vendor-cards-page';

const anyVendorRead = ({ profile }: AccessContext) => hasAnyVendorRead(profile.resources);

/** /vendors (spec 2.18): the vendor cards, for any vendor reader. */
export function Component() {
  return (
    <GuardedScreen allowed={anyVendorRead}>
      <VendorCardsPage />
    </GuardedScreen>
  );
}
