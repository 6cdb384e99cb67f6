import { Link } from 'react-router';
import { Menu } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { AccountButton } from './account-button';

export interface AccountMenuPopupProps {
  name: string;
  onLogout: () => void;
  /** Whether the dropdown is open (AccountMenu holds it: a click may come before this code). */
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** Focus the button as it mounts: it replaces the placeholder button that had the focus. */
  refocus: boolean;
}

/** The account button with its dropdown (Mantine's Menu), loaded on demand by AccountMenu. */
export default function AccountMenuPopup({ name, onLogout, opened, onChange, refocus }: AccountMenuPopupProps) {
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal withInitialFocusPlaceholder={false} opened={opened} onChange={onChange}>
      <Menu.Target>
        <AccountButton name={name} autoFocus={refocus} />
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
