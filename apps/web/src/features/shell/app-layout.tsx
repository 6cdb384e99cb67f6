import { lazy, memo, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import type { ResourceMap } from '@portal/domain';
import { AccountMenu } from './account-menu';
import { loadOutcomeNotices, outcomeNoticesLoaded } from './outcome-notices-code';
import { useScreenTitle } from './route-handle';
import { SideMenu } from './side-menu';
import classes from './shell.module.css';

const PRODUCT_NAME = 'Employer Portal';

/**
 * The upload outcome notices come with their own code, after the frame (issue 14); when the frame
 * waited for it (there were outcomes to show: signed-in-layout.tsx), they render with the frame.
 */
const LazyOutcomeNotices = lazy(() => loadOutcomeNotices().then((m) => ({ default: m.UploadOutcomeNotices })));

interface AppLayoutProps {
  resources: ResourceMap;
  onLogout: () => void;
}

/** The notices: drawn at once when their code is here as the frame mounts, else when it arrives (chosen once, so they never remount). */
function OutcomeNotices() {
  const [Notices] = useState(() => outcomeNoticesLoaded()?.UploadOutcomeNotices ?? null);
  if (Notices) return <Notices />;
  return (
    <Suspense fallback={null}>
      <LazyOutcomeNotices />
    </Suspense>
  );
}

/**
 * The signed-in frame: side menu, a header with the screen title and the account menu, the screen.
 * Memoised: the session guard above it re-renders whenever one of its answers or the address
 * changes, and the frame then re-rendered with everything in it, the screen included, in one task.
 */
export const AppLayout = memo(function AppLayout({ resources, onLogout }: AppLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const title = useScreenTitle();
  useDocumentTitle(title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME);

  return (
    <AppShell layout="alt" header={{ height: 64 }} navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={{ base: 'md', md: 'xl' }}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'md', md: 'xl' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Title order={1} fz={{ base: 'h4', sm: 'h3' }} fw={600} lineClamp={1}>
              {title}
            </Title>
          </Group>
          <AccountMenu onLogout={onLogout} />
        </Group>
      </AppShell.Header>
      {/* Closed on a phone, the menu is not only off screen but not there (shell.module.css): no focus, no reading, no rendering. */}
      <AppShell.Navbar aria-label="Main menu" className={classes.navbar} data-closed={opened ? undefined : true}>
        <SideMenu resources={resources} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <OutcomeNotices />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
});
