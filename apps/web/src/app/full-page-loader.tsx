import { Center, Loader } from '@mantine/core';

/**
 * The whole-page loading state of the first paint of a lazily loaded page (the same as the shell's
 * FullPageLoader, kept here so that the sign-in page does not load the shell to show it).
 */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
