import { useRef, useState, type FormEvent } from 'react';

/** What a zod (or zod/mini) schema's safeParse answers, as far as a form needs it. */
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * The signed-out forms' validation (sign-in, sign-up): the domain's schema (decision 0026) checked
 * when the form is submitted, its first message per field shown under the field and the first
 * invalid field focused, then checked again as the user types until it passes. The fields are
 * plain uncontrolled inputs read with FormData, so these pages, the first any visitor loads, do
 * without the Form primitive (`form.tsx`, 1.6 kB gzip; the 150 kB goal for sign-in, decision 0028),
 * which the other forms use (decision 0052).
 */
export function useSubmitForm<T>(schema: { safeParse(value: unknown): Parsed<T> }) {
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const submitted = useRef(false);

  const check = (form: HTMLFormElement) => {
    const result = schema.safeParse(Object.fromEntries(new FormData(form)));
    if (result.success) return { result, next: {} };
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !(field in next)) next[field] = issue.message;
    }
    return { result, next };
  };

  /** The form's onSubmit: `onValid` with the parsed values, or the messages shown (and `onInvalid`). */
  const handleSubmit = (onValid: (values: T) => void, onInvalid?: () => void) => (event: FormEvent<HTMLFormElement>) => {
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
  };

  /** The form's onInput: once submitted, the messages follow what is typed. */
  const revalidate = (event: FormEvent<HTMLFormElement>) => {
    if (submitted.current) setErrors(check(event.currentTarget).next);
  };

  return { errors, handleSubmit, revalidate };
}
