import '../../all-styles';
import { useNavigation } from 'react-router';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { SignedInLayout } from '../../../features/shell/signed-in-layout';
import classes from './layout.module.css';

/**
 * The signed-in frame (guard and shell), loaded once the first signed-in page is asked for. The
 * lists' URL state (nuqs) needs the router's navigate, so its adapter sits inside the router.
 * While the next screen's code loads, the current screen stays and a thin bar runs along the top.
 */
export function Component() {
  const loading = useNavigation().state === 'loading';
  return (
    <NuqsAdapter>
      <SignedInLayout />
      {loading && <div className={classes.progress} role="progressbar" aria-label="Loading the page" />}
    </NuqsAdapter>
  );
}
