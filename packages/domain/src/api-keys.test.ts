import { describe, expect, it } from 'vitest';
import { API_KEY_MSG, apiKeyScopeText, checkApiKeyScope } from './api-keys.js';

const superAdmin = { EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'], EMPLOYER_PORTAL_PAYROLL: ['WRITE'], EMPLOYER_PORTAL_VENDORS_EMPLOYEES: ['WRITE'] } as const;
const hr = { EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'], EMPLOYER_PORTAL_PAYROLL: ['READ'] } as const;

describe('an API key scope', () => {
  it('needs at least one area with Read or Write', () => {
    expect(checkApiKeyScope({}, false, superAdmin)).toBe(API_KEY_MSG.noAccess);
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_EMPLOYEES: [] }, false, superAdmin)).toBe(API_KEY_MSG.noAccess);
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_EMPLOYEES: ['READ'] }, false, superAdmin)).toBeNull();
  });
  it('bound to a vendor, names only vendor areas; unbound, any', () => {
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_EMPLOYEES: ['READ'] }, true, superAdmin)).toBe(API_KEY_MSG.noAccess);
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_VENDORS_EMPLOYEES: ['READ'] }, true, superAdmin)).toBeNull();
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_VENDORS_EMPLOYEES: ['READ'] }, false, superAdmin)).toBeNull();
  });
  it('never goes beyond its maker: Write needs Write, Read needs Read or Write', () => {
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_PAYROLL: ['WRITE'] }, false, hr)).toBe(API_KEY_MSG.beyondOwnAccess);
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_PAYROLL: ['READ'] }, false, hr)).toBeNull();
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_ATTENDANCE: ['READ'] }, false, hr)).toBe(API_KEY_MSG.beyondOwnAccess);
    expect(checkApiKeyScope({ EMPLOYER_PORTAL_EMPLOYEES: ['READ'] }, false, hr)).toBeNull();
  });
  it('reads as the list shows it', () => {
    expect(apiKeyScopeText({ EMPLOYER_PORTAL_EMPLOYEES: ['WRITE'], EMPLOYER_PORTAL_RAW_FILES: ['READ'], EMPLOYER_PORTAL_PAYROLL: [] })).toBe('Employees: Write, Raw files: Read');
    expect(apiKeyScopeText({ EMPLOYER_PORTAL_VENDORS_ATTENDANCE: ['WRITE'] })).toBe('Vendor attendance: Write');
    expect(apiKeyScopeText({})).toBe('None');
  });
});
