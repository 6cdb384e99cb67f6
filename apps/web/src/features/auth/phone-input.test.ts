import { describe, expect, it } from 'vitest';
import { normaliseMobileInput } from './phone-input';

describe('normaliseMobileInput', () => {
  it('keeps digits only', () => {
    expect(normaliseMobileInput('98765 43210')).toBe('9876543210');
    expect(normaliseMobileInput('98a76')).toBe('9876');
  });
  it('drops a pasted +91 or trunk 0', () => {
    expect(normaliseMobileInput('+91 98765 43210')).toBe('9876543210');
    expect(normaliseMobileInput('919876543210')).toBe('9876543210');
    expect(normaliseMobileInput('09876543210')).toBe('9876543210');
  });
  it('never keeps more than 10 digits, and leaves a 10-digit number starting 91 alone', () => {
    expect(normaliseMobileInput('9198765432')).toBe('9198765432');
    expect(normaliseMobileInput('91987654321')).toBe('9198765432');
  });
});
