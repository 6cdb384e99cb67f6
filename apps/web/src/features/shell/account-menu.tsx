import { Link } from 'react-router';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { initialOf } from '@portal/domain';
import { employerInfoQuery } from '../../shared/auth/profile';
import classes from './shell.module.css';

interface AccountMenuProps {
  onLogout: () => void;
}

/** The employer-initial dropdown in the header (spec 2.3): Profile and Logout. */
export function AccountMenu({ onLogout }: AccountMenuProps) {
  const employer = useQuery(employerInfoQuery());
  const name = employer.data?.name ?? '';
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className={classes.accountButton} aria-label={name ? `Account menu, ${name}` : 'Account menu'}>
          <Avatar color="blue" variant="filled" radius="xl" size={34} aria-hidden>
            {name ? initialOf(name) : ''}
          </Avatar>
          <IconChevronDown size={16} stroke={1.8} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} stroke={1.8} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} stroke={1.8} aria-hidden />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
