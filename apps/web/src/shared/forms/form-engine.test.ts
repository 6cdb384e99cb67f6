import { describe, expect, it } from 'vitest';
import { AdminDialogForm, ChangePasswordForm, MSG, SELECT_ROLE_MSG, type AdminDialogInput, type ChangePasswordInput } from '@portal/domain';
import { FormEngine, firstMessages } from './form-engine';

const EMPTY_PASSWORDS: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const EMPTY_ADMIN: AdminDialogInput = { name: '', mobile: '', email: '', branchLocation: '', roleId: '' };

/** An element as a field's: its value and whether it was focused. */
const element = () => ({ value: '', focused: 0, focus() { this.focused += 1; } });

describe('FormEngine', () => {
  it('onTouched: no message while typing in a field never left; its first message once left; then it follows every change', () => {
    const form = new FormEngine(ChangePasswordForm, 'onTouched', EMPTY_PASSWORDS);
    form.register('currentPassword');
    form.change('currentPassword', 'x');
    form.change('currentPassword', '');
    expect(form.errors).toEqual({});
    form.blur('currentPassword');
    expect(form.errors.currentPassword?.message).toBe(MSG.enterCurrentPassword);
    expect(form.errors.newPassword).toBeUndefined(); // only the field left is checked
    form.change('currentPassword', 'secret');
    expect(form.errors.currentPassword).toBeUndefined();
    form.change('currentPassword', '');
    expect(form.errors.currentPassword?.message).toBe(MSG.enterCurrentPassword);
  });

  it('onChange: each change checks the field, leaving it does not', () => {
    const form = new FormEngine(AdminDialogForm, 'onChange', EMPTY_ADMIN);
    form.blur('email');
    expect(form.errors).toEqual({});
    form.change('email', 'not-an-email');
    expect(form.errors.email?.message).toBe(MSG.invalidEmail);
    expect(form.isValid).toBe(false);
  });

  it('onSubmit: nothing before a submit; the submit shows every first message and focuses the first invalid field in the order registered', () => {
    const form = new FormEngine(AdminDialogForm, 'onSubmit', { ...EMPTY_ADMIN, name: 'Asha Rao' });
    const [name, mobile, email] = [element(), element(), element()];
    form.register('name');
    form.attach('name', name);
    form.register('mobile');
    form.attach('mobile', mobile);
    form.register('email');
    form.attach('email', email);
    form.register('roleId'); // a controlled field: no element to focus
    expect(name.value).toBe('Asha Rao');
    form.change('mobile', '12');
    form.blur('mobile');
    expect(form.errors).toEqual({});
    let submitted: AdminDialogInput | null = null;
    form.check((v) => (submitted = v));
    expect(submitted).toBeNull();
    expect(form.errors).toEqual({
      mobile: { message: MSG.invalidMobile },
      email: { message: MSG.invalidEmail },
      branchLocation: { message: MSG.invalidBranchLocation },
      roleId: { message: SELECT_ROLE_MSG },
    });
    expect([name.focused, mobile.focused, email.focused]).toEqual([0, 1, 0]);
    // After a submit every change checks its field again (leaving does not).
    form.change('mobile', '9876543210');
    expect(form.errors.mobile).toBeUndefined();
    form.change('mobile', '');
    form.blur('email');
    expect(form.errors.mobile?.message).toBe(MSG.invalidMobile);
    form.change('mobile', '9876543210');
    form.change('email', 'asha@example.com');
    form.change('branchLocation', 'Pune');
    form.change('roleId', 'role-1', true);
    form.check((v) => (submitted = v));
    expect(submitted).toEqual({ name: 'Asha Rao', mobile: '9876543210', email: 'asha@example.com', branchLocation: 'Pune', roleId: 'role-1' });
    expect(form.errors).toEqual({});
  });

  it('a field checks its deps with it', () => {
    const form = new FormEngine(ChangePasswordForm, 'onTouched', EMPTY_PASSWORDS);
    form.register('newPassword', 'confirmPassword');
    form.change('newPassword', 'long enough 1');
    form.blur('newPassword');
    expect(form.errors.confirmPassword?.message).toBe(MSG.passwordDidNotMatch);
  });

  it('isValid and isDirty follow the values; setError, clearErrors and reset', () => {
    let renders = 0;
    const form = new FormEngine(AdminDialogForm, 'onTouched', EMPTY_ADMIN, () => (renders += 1));
    const name = element();
    form.register('name');
    form.attach('name', name);
    expect([form.isValid, form.isDirty]).toEqual([false, false]);
    form.change('name', 'Asha Rao');
    expect(form.isDirty).toBe(true);
    expect(renders).toBe(1); // isDirty changed; a change that changes nothing shown renders nothing
    form.change('name', 'Asha Ra');
    expect(renders).toBe(1);
    form.setError('name', { message: 'Taken' }, { shouldFocus: true });
    expect([form.errors.name?.message, name.focused, form.isValid]).toEqual(['Taken', 1, false]);
    form.clearErrors();
    expect(form.errors).toEqual({});
    const filled = { name: 'Asha Rao', mobile: '9876543210', email: 'asha@example.com', branchLocation: 'Pune', roleId: 'r' };
    form.reset(filled);
    expect([form.isValid, form.isDirty, name.value, form.getValues('email')]).toEqual([true, false, 'Asha Rao', 'asha@example.com']);
  });

  it("a text box's props: the value normalised before the form takes it, the page's callback after; the schema's message before the page's own; silent", () => {
    const form = new FormEngine(AdminDialogForm, 'onTouched', EMPTY_ADMIN);
    const seen: string[] = [];
    const box = form.textBox({ name: 'mobile', normalise: (v) => v.replace(/\D/g, ''), onChange: (e) => seen.push(e.currentTarget.value), error: 'Taken' });
    const input = { value: '98-76' };
    box.onChange({ currentTarget: input } as never);
    expect([input.value, form.getValues('mobile'), seen]).toEqual(['9876', '9876', ['9876']]);
    expect(box.error).toBe('Taken');
    box.onBlur({} as never);
    expect(form.textBox({ name: 'mobile', error: 'Taken' }).error).toBe(MSG.invalidMobile);
    expect(form.textBox({ name: 'mobile', silent: true }).error).toBeUndefined();
  });

  it('firstMessages keeps the first message of each field', () => {
    expect(firstMessages([{ path: ['a'], message: 'one' }, { path: ['a'], message: 'two' }, { path: ['b'], message: 'three' }])).toEqual({ a: 'one', b: 'three' });
  });
});
