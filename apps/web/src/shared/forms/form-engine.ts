/**
 * The Form primitive's engine (issue 25, decision 0052): a form's values, its first message per
 * field and its state, checked by a domain schema (zod/mini, decision 0026), with react-hook-form's
 * rules of when a field is checked (its `mode`s), so the forms behave as they did on it, without
 * its 14 kB gzip. No React here: `form.tsx` keeps an engine per form and renders when `onChange`
 * says something shown has changed.
 *
 * When a field is checked (as react-hook-form's `mode` with `reValidateMode: 'onChange'`):
 *  - `onSubmit`: on submit; after a submit, on every change;
 *  - `onChange`: on every change (not on leaving);
 *  - `onTouched`: once the field has been left, on its leaving and every change; after a submit,
 *    on every change.
 * Checking a field runs the schema over all the values and sets (or clears) that field's first
 * message and those of its `deps`; `isValid` is whether the whole form passes. Submit checks every
 * field, shows every field's first message and focuses the first invalid field in the order the
 * fields were registered (a field whose element cannot take focus is passed over).
 */

/** What a zod (or zod/mini) schema's safeParse answers, as far as a form needs it. */
export type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
export interface FormSchema<T> {
  safeParse(value: unknown): Parsed<T>;
}
import type { ChangeEvent, FocusEvent, FormEvent } from 'react';
import type { FieldBehaviour, FieldEngine, FieldPath, FieldValues } from './form-fields';

export type { FieldPath, FieldValues } from './form-fields';
export type FormMode = 'onSubmit' | 'onChange' | 'onTouched';
export interface FieldError {
  message?: string;
}
export type FieldErrors<T> = Partial<Record<FieldPath<T>, FieldError>>;

/** A field's element (an input, a select): focused on a refusal, given the value on a reset. */
interface FieldElement {
  focus(): void;
  value: string;
}

/** The first message of each field the schema refuses (by the issue's path, as react-hook-form's zod resolver). */
export function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export class FormEngine<T extends FieldValues> implements FieldEngine<T> {
  values: T;
  defaults: T;
  errors: FieldErrors<T> = {};
  isValid = false;
  isSubmitted = false;
  private touched = new Set<string>();
  private order: string[] = [];
  private elements = new Map<string, FieldElement>();
  private deps = new Map<string, readonly string[]>();
  private refs = new Map<string, (element: FieldElement | null) => void>();

  constructor(
    private schema: FormSchema<T>,
    private mode: FormMode,
    defaults: T,
    /** Called when something a page shows changed (a message, isValid, isDirty, a controlled value). */
    public onChange: () => void = () => {},
  ) {
    this.defaults = { ...defaults };
    this.values = { ...defaults };
    this.isValid = this.run().success;
  }

  private run(): Parsed<T> {
    return this.schema.safeParse(this.values);
  }

  get isDirty(): boolean {
    return Object.keys({ ...this.defaults, ...this.values }).some((k) => !Object.is(this.values[k], this.defaults[k]));
  }

  /** A field as the page renders it: its order (for the focus on submit) and the fields checked with it. */
  register(name: FieldPath<T>, deps?: string | readonly string[]) {
    if (!this.order.includes(name)) this.order.push(name);
    if (deps !== undefined) this.deps.set(name, typeof deps === 'string' ? [deps] : deps);
  }

  /** The element of an uncontrolled field (a text box, a select), given the field's value as it appears. */
  attach(name: FieldPath<T>, element: FieldElement | null) {
    if (!element) return;
    this.elements.set(name, element);
    element.value = String(this.values[name] ?? '');
  }

  getValues(): T;
  getValues<N extends FieldPath<T>>(name: N): T[N];
  getValues(name?: FieldPath<T>) {
    return name === undefined ? { ...this.values } : this.values[name];
  }

  private due(name: string, leaving: boolean): boolean {
    if (this.isSubmitted) return !leaving;
    if (this.mode === 'onTouched') return leaving || this.touched.has(name);
    if (this.mode === 'onChange') return !leaving;
    return false;
  }

  private setMessages(names: readonly string[], messages: Record<string, string>) {
    const errors = { ...this.errors } as Record<string, FieldError>;
    for (const n of names) {
      if (messages[n] === undefined) delete errors[n];
      else errors[n] = { message: messages[n] };
    }
    this.errors = errors as FieldErrors<T>;
  }

  private snapshot() {
    return JSON.stringify([this.errors, this.isValid, this.isDirty]);
  }

  /** A value typed or picked (`render`: a controlled field, whose control shows the value, renders in any case). */
  change(name: FieldPath<T>, value: T[FieldPath<T>], render = false) {
    this.visit(name, false, () => {
      this.values = { ...this.values, [name]: value };
    }, render);
  }

  /** The field left. */
  blur(name: FieldPath<T>) {
    this.visit(name, true, () => this.touched.add(name), false);
  }

  private visit(name: FieldPath<T>, leaving: boolean, apply: () => void, render: boolean) {
    const before = this.snapshot();
    const due = this.due(name, leaving);
    apply();
    const result = this.run();
    this.isValid = result.success;
    if (due) this.setMessages([name, ...(this.deps.get(name) ?? [])], result.success ? {} : firstMessages(result.error.issues));
    if (render || this.snapshot() !== before) this.onChange();
  }

  /**
   * An uncontrolled box's props (a text box, a select): its element (given the field's value), the
   * form's callbacks with the field's normalising and the page's after them, its first message.
   */
  box<E extends HTMLInputElement | HTMLSelectElement>({ name, rules, normalise, onChange, onBlur, error, silent }: Omit<FieldBehaviour<T>, 'onChange' | 'onBlur'> & { onChange?: (event: ChangeEvent<E>) => void; onBlur?: (event: FocusEvent<E>) => void }) {
    this.register(name, rules?.deps);
    let ref = this.refs.get(name);
    if (!ref) this.refs.set(name, (ref = (element) => this.attach(name, element)));
    return {
      name,
      ref,
      onChange: (event: ChangeEvent<E>) => {
        if (normalise) event.currentTarget.value = normalise(event.currentTarget.value);
        this.change(name, event.currentTarget.value as T[FieldPath<T>]);
        onChange?.(event);
      },
      onBlur: (event: FocusEvent<E>) => {
        this.blur(name);
        onBlur?.(event);
      },
      error: silent ? undefined : (this.errors[name]?.message ?? error),
    };
  }

  textBox(field: FieldBehaviour<T>) {
    return this.box<HTMLInputElement>(field);
  }

  /** The form's submit event: the browser's own submit prevented, then `check`. */
  submit(event: FormEvent<HTMLFormElement>, onValid: (values: T) => void, onInvalid?: () => void) {
    event.preventDefault();
    this.check(onValid, onInvalid);
  }

  /** Every field checked: `onValid` with the schema's values, or the first invalid field focused (then `onInvalid`). */
  check(onValid: (values: T) => void, onInvalid?: () => void) {
    const result = this.run();
    this.errors = (result.success ? {} : Object.fromEntries(Object.entries(firstMessages(result.error.issues)).map(([k, message]) => [k, { message }]))) as FieldErrors<T>;
    this.isValid = result.success;
    this.isSubmitted = true;
    this.onChange();
    if (result.success) {
      onValid(result.data);
      return;
    }
    this.focusFirstError();
    onInvalid?.();
  }

  private focusFirstError() {
    for (const name of this.order) {
      const element = this.elements.get(name);
      if (this.errors[name as FieldPath<T>] && element) {
        element.focus();
        return;
      }
    }
  }

  /** A message of the page's own under a field (the server's refusal), the field focused if asked. */
  setError(name: FieldPath<T>, error: FieldError, options: { shouldFocus?: boolean } = {}) {
    this.errors = { ...this.errors, [name]: error };
    this.isValid = false;
    this.onChange();
    if (options.shouldFocus) this.elements.get(name)?.focus();
  }

  clearErrors() {
    this.errors = {};
    this.onChange();
  }

  /** New values, which become the defaults: no messages, nothing left or submitted. */
  reset(values: T = this.defaults) {
    this.defaults = { ...values };
    this.values = { ...values };
    this.errors = {};
    this.touched.clear();
    this.isSubmitted = false;
    this.isValid = this.run().success;
    for (const [name, element] of this.elements) element.value = String(this.values[name] ?? '');
    this.onChange();
  }
}
