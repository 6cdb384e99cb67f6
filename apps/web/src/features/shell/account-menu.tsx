import { useCallback, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { employerInfoQuery } from '../../shared/auth/profile';
import { onDemand, useIdlePreload } from '../../shared/ui/on-demand';
import { AccountButton } from './account-button';
import type { AccountMenuPopupProps } from './account-menu-popup';

interface AccountMenuProps {
  onLogout: () => void;
}

/** The dropdown's code (Mantine's Menu and its floating layer): fetched once the page is idle (issue 14). */
let AccountMenuPopup: ComponentType<AccountMenuPopupProps> | null = null;
const loadPopup = onDemand(() =>
  import('./account-menu-popup').then((m) => {
    AccountMenuPopup = m.default;
    return m;
  }),
);

/**
 * The employer-initial dropdown in the header (spec 2.3): Profile and Logout. Until the dropdown's
 * code has arrived the same button stands in; a click on it opens the menu as soon as it has.
 */
export function AccountMenu({ onLogout }: AccountMenuProps) {
  const employer = useQuery(employerInfoQuery());
  const name = employer.data?.name ?? '';
  const [, setLoaded] = useState(AccountMenuPopup !== null);
  const [opened, setOpened] = useState(false);
  const [refocus, setRefocus] = useState(false);
  useIdlePreload(useCallback(() => loadPopup().then(() => setLoaded(true)), []));
  const open = () => {
    setOpened(true);
    void loadPopup().then(() => setLoaded(true));
  };

  if (AccountMenuPopup) return <AccountMenuPopup name={name} onLogout={onLogout} opened={opened} onChange={setOpened} refocus={refocus} />;
  return (
    <AccountButton
      name={name}
      aria-haspopup="menu"
      aria-expanded={opened}
      onFocus={() => setRefocus(true)}
      onBlur={() => setRefocus(false)}
      // Opened already on the press: should the menu's code arrive between press and release, the
      // button is replaced and the browser sends the click to neither, so a click alone would be lost.
      onPointerDown={open}
      onClick={open}
    />
  );
}
