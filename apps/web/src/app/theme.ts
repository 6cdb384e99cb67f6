/**
 * The portal's Mantine theme: a calm blue with dark-enough shades that every filled button, light
 * badge, link and secondary text reaches WCAG AA (4.5:1) in the light scheme. Mantine's default
 * palettes give white on blue-6 only 3.6:1 and green/orange text on their tints under 3:1, so the
 * colours the product uses are replaced and the primary shade is 7.
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const blue: MantineColorsTuple = ['#eff6ff', '#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a'];
const red: MantineColorsTuple = ['#fef2f2', '#fee2e2', '#fecaca', '#fca5a5', '#f87171', '#ef4444', '#dc2626', '#b91c1c', '#991b1b', '#7f1d1d'];
const orange: MantineColorsTuple = ['#fff7ed', '#ffedd5', '#fed7aa', '#fdba74', '#fb923c', '#f97316', '#c2410c', '#a3390b', '#8a3110', '#7c2d12'];
const green: MantineColorsTuple = ['#f0fdf4', '#dcfce7', '#bbf7d0', '#86efac', '#4ade80', '#22c55e', '#15803d', '#166534', '#14532d', '#0f3d21'];
const teal: MantineColorsTuple = ['#f0fdfa', '#ccfbf1', '#99f6e4', '#5eead4', '#2dd4bf', '#14b8a6', '#0f766e', '#115e59', '#134e4a', '#0d3b38'];

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 4 },
  colors: { blue, red, orange, green, teal },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { radius: 'md', centered: true } },
    Tooltip: { defaultProps: { withArrow: true } },
    // Toasts' close buttons need a name for screen readers (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/** Secondary text and error text dark enough for 4.5:1 on white and on light grey backgrounds. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#56606b',
    '--mantine-color-error': 'var(--mantine-color-red-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});

/**
 * How the app's MantineProvider is set up (app/providers.tsx). The build computes the CSS variables
 * of this set-up once, in Node, from these same props (vite.config.ts, mantineCssVariablesAtBuild).
 */
export const mantineProviderProps = { theme, cssVariablesResolver, defaultColorScheme: 'light', forceColorScheme: 'light' } as const;
