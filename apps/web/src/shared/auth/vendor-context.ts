/**
 * The vendor context (spec 2.2, decision 0006): the `vendorId` of the URL, or null in the employer's
 * own context. Read here only (issue 25): pages use the hook, loaders and pure helpers `vendorIdOf`.
 */
import { useSearchParams } from 'react-router';

export const vendorIdOf = (params: URLSearchParams): string | null => params.get('vendorId') || null;

/** The vendor context of the current page. */
export function useVendorId(): string | null {
  const [params] = useSearchParams();
  return vendorIdOf(params);
}
