import type { ReactNode } from 'react';
import classes from './main-and-side.module.css';

/**
 * The payroll screens' layout: the main column (two thirds) and the account beside it (one third)
 * on a wide screen, one under the other on a phone. A CSS grid rather than Mantine's Grid, whose
 * code the payroll screens' first load does not need (the 250 kB goal, decision 0028).
 */
export function MainAndSide({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className={classes.layout}>
      <div>{main}</div>
      <div>{side}</div>
    </div>
  );
}
