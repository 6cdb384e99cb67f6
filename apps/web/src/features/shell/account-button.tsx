import type { ComponentPropsWithoutRef } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { initialOf } from '@portal/domain';
import classes from './shell.module.css';

type AccountButtonProps = { name: string } & Omit<ComponentPropsWithoutRef<'button'>, 'name' | 'children' | 'color' | 'style'>;

/** The employer-initial button that opens the account menu. */
export function AccountButton({ name, className, ...rest }: AccountButtonProps) {
  // Menu.Target passes a className of its own: it is added to the button's, not put in its place.
  return (
    <UnstyledButton className={className ? `${classes.accountButton} ${className}` : classes.accountButton} aria-label={name ? `Account menu, ${name}` : 'Account menu'} {...rest}>
      <span className={classes.accountInitial} aria-hidden>
        {name ? initialOf(name) : ''}
      </span>
      <IconChevronDown size={16} stroke={1.8} aria-hidden />
    </UnstyledButton>
  );
}
