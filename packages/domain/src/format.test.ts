import { describe, expect, it } from 'vitest';
import { formatRupees, maskLast4, menuEmployerName, phoneHint } from './index.js';

describe('formatting', () => {
  it('uppercases the employer name and cuts it to 13 characters', () => {
    expect(menuEmployerName('Sunrise Textiles Pvt Ltd')).toBe('SUNRISE TEXTI');
    expect(menuEmployerName('Acme')).toBe('ACME');
  });
  it('masks all but the last 4 characters', () => {
    expect(maskLast4('123456789012')).toBe('********9012');
    expect(maskLast4('ABCDE1234F')).toBe('******234F');
    expect(maskLast4('123')).toBe('123');
    expect(maskLast4(null)).toBe('');
    expect(phoneHint('9876543210')).toBe('+91 ******3210');
  });
  it('formats paise as en-IN rupees', () => {
    expect(formatRupees(12345678)).toBe('₹1,23,456.78');
    expect(formatRupees(0n)).toBe('₹0.00');
  });
});
