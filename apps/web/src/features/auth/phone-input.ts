import { MOBILE_LENGTH, PHONE_COUNTRY_PREFIX } from '@portal/domain';

const COUNTRY_DIGITS = PHONE_COUNTRY_PREFIX.replace(/\D/g, ''); // '91'

/**
 * What the mobile-number box keeps of what was typed or pasted: digits only, at most 10. A pasted
 * number written with the country code (+91 98765 43210) or a trunk 0 (098765 43210) loses it,
 * since the fixed +91 prefix is shown beside the box.
 */
export function normaliseMobileInput(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length === COUNTRY_DIGITS.length + MOBILE_LENGTH && digits.startsWith(COUNTRY_DIGITS)) digits = digits.slice(COUNTRY_DIGITS.length);
  else if (digits.length === MOBILE_LENGTH + 1 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, MOBILE_LENGTH);
}
