/**
 * The Form primitive of the signed-in forms (issue 25, decision 0052): a domain schema (zod/mini,
 * decision 0026) checked by react-hook-form, its default values, and field components that show
 * their own first message. As bulletproof-react's `Form`: the page makes the form with
 * `useSchemaForm(schema, options)` (its methods stay the page's: reset, setError, getValues),
 * renders `<Form form onSubmit>` and inside it the fields by name; a field reads its registration
 * and its error from the form's context. A page names its value type once:
 * `const PasswordField = PasswordFieldOf<ChangePasswordInput>` (a wrong name is then a type error).
 * The text and password boxes are the sign-in page's own Mantine inputs (already loaded); the
 * select (`select-field.tsx`, Mantine's `NativeSelect`) is a module of its own, so only the page
 * that uses it loads it. One module otherwise: every small shared chunk costs its pages about
 * 0.25 kB gzip of its own.
 *
 * The sign-in and sign-up forms of `/` do not use it: react-hook-form stays out of the first load
 * (decision 0028); they check the same schemas through `submit-form.ts`.
 */
import { useMemo, type ChangeEvent, type FocusEvent, type FormHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodMiniType } from 'zod/mini';

/** The schema a form takes: one of the domain's form schemas (zod/mini, types only here). */
type FormSchema<T extends FieldValues> = ZodMiniType<T, T>;

/** A form over a domain schema: react-hook-form with the schema as its resolver and the given default values and mode. */
export function useSchemaForm<T extends FieldValues>(schema: FormSchema<T>, options: Omit<UseFormProps<T>, 'resolver'> = {}): UseFormReturn<T> {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  return useForm<T>({ ...options, resolver });
}

export interface FormProps<T extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: UseFormReturn<T>;
  /** Called with the parsed values once every field passes. */
  onSubmit: SubmitHandler<T>;
  children: ReactNode;
}

/** The `<form>` (the browser's own checks off) whose fields find the form by context. */
export function Form<T extends FieldValues>({ form, onSubmit, children, ...props }: FormProps<T>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...props} onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** What a text box of a form takes beyond its Mantine props. */
interface FieldBehaviour<T extends FieldValues> {
  name: FieldPath<T>;
  /** Registration options beyond the schema's (e.g. `deps`: fields checked again with this one). */
  rules?: Pick<RegisterOptions<T>, 'deps'>;
  /** Rewrites what is typed before the form sees it (digits only, a length). */
  normalise?: (value: string) => string;
  /** Called after the form took a change. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Called after the form took the leaving of the field. */
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** A message of the page's own, shown when the schema has none for the field (e.g. "already taken"). */
  error?: string | undefined;
  /** No message under the field: the form says it otherwise (a submit button enabled only when valid). */
  silent?: boolean;
}

/** The registration of a text box: the form's, with the field's normalising and the page's callbacks after it. */
function useTextField<T extends FieldValues>({ name, rules, normalise, onChange, onBlur, error, silent }: FieldBehaviour<T>) {
  const { register, getFieldState, formState } = useFormContext<T>();
  const registered = register(name, rules);
  return {
    ...registered,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (normalise) event.currentTarget.value = normalise(event.currentTarget.value);
      void registered.onChange(event);
      onChange?.(event);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      void registered.onBlur(event);
      onBlur?.(event);
    },
    error: silent ? undefined : (getFieldState(name, formState).error?.message ?? error),
  };
}

export type TextFieldProps<T extends FieldValues> = FieldBehaviour<T> & Omit<TextInputProps, keyof FieldBehaviour<T> | 'value' | 'defaultValue'>;

/** A Mantine `TextInput` of the surrounding `Form`, registered under `name`, showing the field's first message. */
export function TextField<T extends FieldValues>({ name, rules, normalise, onChange, onBlur, error, silent, ...props }: TextFieldProps<T>) {
  const field = useTextField<T>({ name, rules, normalise, onChange, onBlur, error, silent });
  return <TextInput {...props} {...field} />;
}

export type PasswordFieldProps<T extends FieldValues> = FieldBehaviour<T> & Omit<PasswordInputProps, keyof FieldBehaviour<T> | 'value' | 'defaultValue'>;

/** A Mantine `PasswordInput` of the surrounding `Form`, registered under `name`, showing the field's first message. */
export function PasswordField<T extends FieldValues>({ name, rules, normalise, onChange, onBlur, error, silent, ...props }: PasswordFieldProps<T>) {
  const field = useTextField<T>({ name, rules, normalise, onChange, onBlur, error, silent });
  return <PasswordInput {...props} {...field} />;
}

export interface ControlledFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  name: N;
  /** The control (a date box, a PIN, a radio group) given its value, its callbacks and its first message. */
  render: (props: { field: ControllerRenderProps<T, N>; fieldState: ControllerFieldState; error: string | undefined }) => ReactElement;
}

/** A field whose control is not a plain input (react-hook-form's `Controller`), its message handed to it. */
export function ControlledField<T extends FieldValues, N extends FieldPath<T>>({ name, render }: ControlledFieldProps<T, N>) {
  const { control } = useFormContext<T>();
  return <Controller control={control} name={name} render={({ field, fieldState }) => render({ field, fieldState, error: fieldState.error?.message })} />;
}

/**
 * `ControlledField` with the form's value type, so a wrong name is a type error and the control
 * gets its field's value type: `const DateBox = controlledFieldOf<TopupSearchInput>()`, at a
 * module's top level (it is a component of its own per call).
 */
export const controlledFieldOf = <T extends FieldValues>() =>
  function Controlled<N extends FieldPath<T>>(props: ControlledFieldProps<T, N>) {
    return <ControlledField<T, N> {...props} />;
  };
