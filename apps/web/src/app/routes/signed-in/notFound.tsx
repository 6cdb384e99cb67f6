import { NotFoundScreen } from '../../screens/not-found-screen';

/** Any other signed-in path. */
export function Component() {
  return <NotFoundScreen />;
}
