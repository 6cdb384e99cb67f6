import { Link, useLocation } from 'react-router';
import { Box, CloseButton, Group, NavLink, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingStore,
  IconCashBanknote,
  IconCalendarCheck,
  IconChartBar,
  IconCloudUpload,
  IconExternalLink,
  IconLayoutDashboard,
  IconReceipt2,
  IconSettings,
  IconTransfer,
  IconUserCheck,
  IconUsers,
  IconWallet,
  IconBuildingBank,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { menuEmployerName, visibleMenu, type MenuKey, type ResourceMap } from '@portal/domain';
import { employerConfigQuery, employerInfoQuery } from '../../shared/auth/profile';
import { openFileUploadLink } from './file-upload-link';
import { activeMenuKey, MENU } from './menu';
import classes from './shell.module.css';

const ICONS: Record<MenuKey, typeof IconUsers> = {
  dashboard: IconLayoutDashboard,
  employees: IconUsers,
  attendance: IconCalendarCheck,
  payroll: IconWallet,
  userVerification: IconUserCheck,
  ewaRequests: IconCashBanknote,
  transactions: IconTransfer,
  salaryTopups: IconReceipt2,
  vendors: IconBuildingStore,
  settings: IconSettings,
  analyticsDashboard: IconChartBar,
  fileUpload: IconCloudUpload,
};

interface SideMenuProps {
  resources: ResourceMap;
  /** Called after following a link (closes the menu on small screens). */
  onNavigate: () => void;
}

/** The side menu (spec 2.3): the employer's name, then the entries this admin may see. */
export function SideMenu({ resources, onNavigate }: SideMenuProps) {
  const location = useLocation();
  const config = useQuery(employerConfigQuery());
  const employer = useQuery(employerInfoQuery());
  const visible = visibleMenu({
    resources,
    isEmployeeApprovalEnabled: config.data?.isEmployeeApprovalEnabled ?? false,
    fileUploadLinkEnabled: config.data?.fileUploadLinkEnabled ?? false,
  });
  const active = activeMenuKey(location.pathname, location.search);

  return (
    <Stack gap={0} h="100%">
      <Group gap="sm" px="md" h={64} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', flex: 'none' }}>
        <ThemeIcon size={36} radius="md" aria-hidden>
          <IconBuildingBank size={20} stroke={1.8} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" lh={1.3}>
            Employer Portal
          </Text>
          {employer.data ? (
            <Text fw={700} size="sm" lh={1.3} title={employer.data.name} style={{ letterSpacing: 0.3 }}>
              {menuEmployerName(employer.data.name)}
            </Text>
          ) : (
            <Skeleton height={14} width={110} mt={3} aria-hidden />
          )}
        </Stack>
        <CloseButton hiddenFrom="sm" ml="auto" aria-label="Close navigation" onClick={onNavigate} />
      </Group>
      {/* The browser's own scrolling, not Mantine's ScrollArea: that one keeps its viewport and bars in
          state set from ref callbacks as it mounts, an update React makes synchronous, which drew the
          whole first render's passive effects and a second render into the commit's task (decision 0041). */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} p="sm">
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {MENU.filter((entry) => visible[entry.key]).map((entry) => {
            const Icon = ICONS[entry.key];
            const icon = <Icon size={18} stroke={1.7} aria-hidden />;
            if (entry.external) {
              return (
                <li key={entry.key}>
                  <NavLink
                    component="button"
                    type="button"
                    className={classes.navLink}
                    label={entry.label}
                    aria-label={`${entry.label} (opens in a new tab)`}
                    leftSection={icon}
                    rightSection={<IconExternalLink size={14} stroke={1.7} aria-hidden />}
                    onClick={() => {
                      void openFileUploadLink();
                      onNavigate();
                    }}
                  />
                </li>
              );
            }
            const isActive = active === entry.key;
            return (
              <li key={entry.key}>
                <NavLink
                  component={Link}
                  to={entry.to}
                  className={classes.navLink}
                  label={entry.label}
                  leftSection={icon}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={onNavigate}
                />
              </li>
            );
          })}
        </Stack>
      </Box>
    </Stack>
  );
}
