/**
 * The building blocks of the form schemas (issue 14): zod/mini (small, tree-shakable, so the web
 * may ship it) with the spec's messages. One schema per form decides on both sides: the web through
 * react-hook-form's zodResolver, the server through `fieldErrors`. A field's first failing check
 * is its message, so checks are listed in the order the spec gives its messages.
 */
import * as z from 'zod/mini';

/** A check on a field: `test` passes or the field gets `message`. */
export const rule = <T>(test: (value: T) => boolean, message: string) => z.refine<T>(test, { message });

/** A text field (whatever the user typed) with its checks in order. */
export const text = (...checks: z.core.$ZodCheck<string>[]) => z.string().check(...checks);

/** True when something other than blanks was typed (spec 5.1: a blank string counts as empty). */
export const filled = (value: string): boolean => value.trim() !== '';

/** One message per field of a form. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** What a form schema offers `fieldErrors`: zod/mini and classic schemas both have it. */
interface Parseable {
  safeParse(input: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The first message of each field (what the form shows and the server answers), {} when valid. */
export function fieldErrors<K extends string = string>(schema: Parseable, input: unknown): Partial<Record<K, string>> {
  const result = schema.safeParse(input);
  const errors: Partial<Record<K, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? '') as K;
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

/** The first message of a whole form, null when valid. */
export function firstError(schema: Parseable, input: unknown): string | null {
  return schema.safeParse(input).error?.issues[0]?.message ?? null;
}
