import { useRef, useState, type FormEvent } from 'react';
import type { FieldEngine, FieldPath, FieldValues } from './form-fields';

/** What a zod (or zod/mini) schema's safeParse answers, as far as a form needs it. */
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * The Form primitive's small engine (decision 0052), for the signed-out forms of `/` (sign-in,
 * sign-up): the domain's schema (decision 0026) checked when the form is submitted, its first
 * message per field shown under the field and the first invalid field focused, then the whole form
 * checked again as the user types. The fields are the primitive's `TextField` and `PasswordField`
 * as plain uncontrolled inputs (their `defaultValues` given here), read with FormData, so these
 * pages, the first any visitor loads, do without `form-engine.ts` (the 150 kB goal for sign-in,
 * decision 0028). A field's `rules.deps` has nothing to add here (every field is checked again).
 */
export function useSubmitForm<T extends FieldValues>(schema: { safeParse(value: unknown): Parsed<T> }, defaultValues: Partial<Record<FieldPath<T>, string>> = {}): { engine: FieldEngine<T> } {
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const submitted = useRef(false);

  const check = (form: HTMLFormElement) => {
    const result = schema.safeParse(Object.fromEntries(new FormData(form)));
    const next: Record<string, string> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !(field in next)) next[field] = issue.message;
      }
    }
    return { result, next };
  };

  return {
    engine: {
      textBox: ({ name, normalise, onChange, onBlur, error, silent }) => ({
        name,
        defaultValue: defaultValues[name] ?? '',
        onChange: (event) => {
          if (normalise) event.currentTarget.value = normalise(event.currentTarget.value);
          onChange?.(event);
        },
        onBlur: (event) => onBlur?.(event),
        error: silent ? undefined : (errors[name] ?? error),
      }),
      submit: (event, onValid, onInvalid) => {
        event.preventDefault();
        submitted.current = true;
        const form = event.currentTarget;
        const { result, next } = check(form);
        setErrors(next);
        if (result.success) {
          onValid(result.data);
          return;
        }
        const first = Object.keys(next)[0];
        const field = first ? form.elements.namedItem(first) : null;
        if (field instanceof HTMLElement) field.focus();
        onInvalid?.();
      },
      // Once submitted, the messages follow what is typed.
      input: (event: FormEvent<HTMLFormElement>) => {
        if (submitted.current) setErrors(check(event.currentTarget).next);
      },
    },
  };
}
