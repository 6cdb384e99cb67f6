import { describe, expect, it } from 'vitest';
import { businessDate, formatCount, formatRupees, maskLast4, menuEmployerName, phoneHint } from './index.js';

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
    expect(formatRupees(-500)).toBe('-₹5.00');
    expect(formatRupees(100_000_00)).toBe('₹1,00,000.00');
  });
  it('groups rupees by hand exactly as Intl en-IN does', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
    const samples = [0, 1, 9, 10, 99, 100, 101, 999_99, 1_000_00, 12_345_67, 99_999_99, 1_00_000_00, 12_34_567_89,
      9_99_99_999_99, 123_45_67_890_12, 10.5, 2 ** 60];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 13))));
    for (const p of samples) for (const v of p === 0 ? [0] : [p, -p]) expect(formatRupees(v), String(v)).toBe(intl.format(v / 100));
    expect(formatRupees(1_234_56n)).toBe(intl.format(1234.56));
    // Exact to the paisa where dividing by 100 in floating point is not.
    expect(formatRupees(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
  });
  it('groups whole numbers by hand exactly as toLocaleString en-IN does', () => {
    const samples = [0, 1, 9, 10, 99, 100, 999, 1000, 12_345, 99_999, 1_00_000, 12_34_567, Number.MAX_SAFE_INTEGER, 10.5, 2 ** 60];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 15))));
    for (const v of samples) for (const x of v === 0 ? [0] : [v, -v]) expect(formatCount(x), String(x)).toBe(x.toLocaleString('en-IN'));
    expect(formatCount(1234567)).toBe('12,34,567');
  });
  it('gives the Asia/Kolkata business date of an instant, as Intl does', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
    expect(businessDate(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(businessDate(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2060, 0, 1); t += 7 * 3_600_000 + 13 * 60_000 + 17_000) {
      expect(businessDate(new Date(t))).toBe(intl.format(t));
    }
  });
});
