import { useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { employerInfoQuery } from '../../shared/auth/profile';
import { onDemand, useStandIn } from '../../shared/ui/on-demand';
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
const popupReady = () => AccountMenuPopup !== null;

/**
 * The employer-initial dropdown in the header (spec 2.3): Profile and Logout. The same button stands
 * in until the pointer comes over it or it takes focus (`useStandIn`); a click on it opens the menu
 * as soon as the dropdown's code is there.
 */
export function AccountMenu({ onLogout }: AccountMenuProps) {
  const employer = useQuery(employerInfoQuery());
  const name = employer.data?.name ?? '';
  const { live, wake, press } = useStandIn(loadPopup, popupReady);
  const [opened, setOpened] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const open = () => {
    setOpened(true);
    wake();
  };

  if (live && AccountMenuPopup) return <AccountMenuPopup name={name} onLogout={onLogout} opened={opened} onChange={setOpened} refocus={refocus} />;
  return (
    <AccountButton
      name={name}
      aria-haspopup="menu"
      aria-expanded={opened}
      onPointerOver={wake}
      onFocus={() => {
        setRefocus(true);
        wake();
      }}
      onBlur={() => setRefocus(false)}
      // Opened already on the press, which swaps in the real menu (or its code arrives before the
      // release): the click may never reach this button, and the one ending the press is kept from
      // the real menu's button, which would close the menu again (useStandIn's `press`).
      onPointerDown={() => {
        setOpened(true);
        press();
      }}
      onClick={open}
    />
  );
}
