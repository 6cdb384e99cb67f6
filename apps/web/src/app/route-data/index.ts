/**
 * The routes' data prefetches (decision 0041), one chunk for all four so that the sign-in bundle
 * carries one dynamic import for them (each import costs the entry its list of chunks to preload).
 */
import type { QueryClient } from '@tanstack/react-query';
import { prefetch as dashboard } from './dashboard';
import { prefetch as employees } from './employees';
import { prefetch as ewaRequest } from './ewaRequest';
import { prefetch as payroll } from './payroll';

export type PrefetchedRoute = 'dashboard' | 'employees' | 'payroll' | 'ewaRequest';

export const prefetchers: Record<PrefetchedRoute, (queryClient: QueryClient, url: URL) => Promise<void>> = { dashboard, employees, payroll, ewaRequest };
