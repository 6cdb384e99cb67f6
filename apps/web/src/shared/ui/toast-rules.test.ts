import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastId, toastsToClose, type ToastRef } from './toast-rules';

const t = (id: string, kind: ToastRef['kind'], sticky = false): ToastRef => ({ id, kind, sticky });

describe('toastId', () => {
  it('is the same for the same text, whatever its kind, and differs otherwise', () => {
    expect(toastId('Invalid e-mail or password')).toBe(toastId('Invalid e-mail or password'));
    expect(toastId('Invalid e-mail or password')).not.toBe(toastId('Your account is locked'));
    expect(toastId('Saved', 'Payroll')).not.toBe(toastId('Saved'));
  });
});

describe('toastsToClose', () => {
  it('closes nothing when the same message is already shown (it is shown again in place)', () => {
    const id = toastId('Your session has ended. Please sign in again.');
    expect(toastsToClose([t(id, 'warning')], t(id, 'warning'))).toEqual([]);
  });

  it('replaces an older message of the same kind, so the newest shows at once', () => {
    const invalid = toastId('Invalid e-mail or password');
    const locked = toastId('Your account is locked');
    expect(toastsToClose([t(invalid, 'error')], t(locked, 'error'))).toEqual([invalid]);
  });

  it('keeps messages of other kinds, toasts with an action button and toasts not raised through notify', () => {
    const current = [t('s', 'success'), t('e-action', 'error', true), t('other', null)];
    expect(toastsToClose(current, t('e', 'error'))).toEqual([]);
  });

  it('closes the oldest when the screen is full, those without an action first', () => {
    const current = [t('a', 'error', true), t('b', 'success'), t('c', 'warning'), t('d', null)];
    expect(current).toHaveLength(TOAST_LIMIT);
    expect(toastsToClose(current, t('n', 'error'), TOAST_LIMIT)).toEqual(['b']);
    expect(toastsToClose([t('a', 'error', true), t('b', 'error', true)], t('n', 'success'), 1)).toEqual(['a', 'b']);
  });
});
