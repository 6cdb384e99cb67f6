/**
 * The Form primitive (issue 25, decision 0052): a domain schema (zod/mini, decision 0026) checked
 * by the form's own small engine (`form-engine.ts`, react-hook-form's rules of when a field is
 * checked, without react-hook-form), its default values, and field components that show their own
 * first message. As bulletproof-react's `Form`: the page makes the form with
 * `useSchemaForm(schema, options)` (its methods stay the page's: reset, setError, getValues,
 * formState), renders `<Form form onSubmit>` and inside it the fields by name; a field reads its
 * registration and its error from the form's context. A page names its value type once:
 * `const PasswordField = PasswordFieldOf<ChangePasswordInput>` (a wrong name is then a type error).
 * The text and password boxes are the sign-in page's own Mantine inputs (already loaded); the
 * select (`select-field.tsx`, Mantine's `NativeSelect`) is a module of its own, so only the page
 * that uses it loads it.
 */
import {
  createContext,
  useCallback,
  useContext,
  useReducer,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type FormHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { FormEngine, type FieldErrors, type FieldPath, type FieldValues, type FormMode, type FormSchema } from './form-engine';

export type { FieldPath, FieldValues } from './form-engine';

/** A form over a domain schema, as its page and its fields use it. */
export interface SchemaForm<T extends FieldValues> {
  engine: FormEngine<T>;
  formState: { errors: FieldErrors<T>; isValid: boolean; isDirty: boolean };
  getValues: FormEngine<T>['getValues'];
  reset: (values?: T) => void;
  setError: FormEngine<T>['setError'];
  clearErrors: () => void;
}

type FormOptions<T> = { mode?: FormMode } & ({ defaultValues: T; values?: never } | { values: T; defaultValues?: never });

const sameValues = (a: FieldValues, b: FieldValues) => Object.keys({ ...a, ...b }).every((k) => Object.is(a[k], b[k]));

/**
 * A form over a domain schema with the given default values (or `values`, which the form takes
 * again whenever they change) and mode (`onSubmit` unless told).
 */
export function useSchemaForm<T extends FieldValues>(schema: FormSchema<T>, { mode = 'onSubmit', defaultValues, values }: FormOptions<T>): SchemaForm<T> {
  const [, render] = useReducer((n: number) => n + 1, 0);
  const [engine] = useState(() => new FormEngine<T>(schema, mode, (values ?? defaultValues)!));
  const [given, setGiven] = useState(values);
  engine.onChange = render;
  if (values && given && !sameValues(values, given)) {
    setGiven(values);
    engine.reset(values);
  }
  return {
    engine,
    formState: { errors: engine.errors, isValid: engine.isValid, isDirty: engine.isDirty },
    getValues: engine.getValues.bind(engine),
    reset: (v) => engine.reset(v),
    setError: engine.setError.bind(engine),
    clearErrors: () => engine.clearErrors(),
  };
}

const FormContext = createContext<FormEngine<FieldValues> | null>(null);

/** The engine of the surrounding `Form`. */
export function useFormEngine<T extends FieldValues>(): FormEngine<T> {
  const engine = useContext(FormContext);
  if (!engine) throw new Error('a form field outside a Form');
  return engine as unknown as FormEngine<T>;
}

export interface FormProps<T extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: SchemaForm<T>;
  /** Called with the parsed values once every field passes. */
  onSubmit: (values: T) => void;
  children: ReactNode;
}

/** The `<form>` (the browser's own checks off) whose fields find the form by context. */
export function Form<T extends FieldValues>({ form, onSubmit, children, ...props }: FormProps<T>) {
  return (
    <FormContext.Provider value={form.engine as unknown as FormEngine<FieldValues>}>
      <form
        noValidate
        {...props}
        onSubmit={(event) => {
          event.preventDefault();
          form.engine.submit(onSubmit);
        }}
      >
        {children}
      </form>
    </FormContext.Provider>
  );
}

/** The registration of an uncontrolled field (a text box, a select): its name, element and callbacks, and its first message. */
export function useRegistered<T extends FieldValues, E extends HTMLInputElement | HTMLSelectElement>(name: FieldPath<T>, deps?: FieldPath<T> | FieldPath<T>[]) {
  const engine = useFormEngine<T>();
  engine.register(name, deps);
  const ref = useCallback((element: E | null) => engine.attach(name, element), [engine, name]);
  return {
    name,
    ref,
    onChange: (event: ChangeEvent<E>) => engine.change(name, event.currentTarget.value as T[FieldPath<T>]),
    onBlur: () => engine.blur(name),
    error: engine.errors[name]?.message,
  };
}

/** What a text box of a form takes beyond its Mantine props. */
interface FieldBehaviour<T extends FieldValues> {
  name: FieldPath<T>;
  /** Fields checked again with this one (e.g. the e-mail's either-or rule when the mobile changes). */
  rules?: { deps?: FieldPath<T> | FieldPath<T>[] };
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
  const registered = useRegistered<T, HTMLInputElement>(name, rules?.deps);
  return {
    ...registered,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (normalise) event.currentTarget.value = normalise(event.currentTarget.value);
      registered.onChange(event);
      onChange?.(event);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      registered.onBlur();
      onBlur?.(event);
    },
    error: silent ? undefined : (registered.error ?? error),
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

/** What a controlled field's control is given. */
export interface ControlledFieldRenderProps<T extends FieldValues, N extends FieldPath<T>> {
  field: { name: N; value: T[N]; onChange: (value: T[N]) => void; onBlur: () => void };
  error: string | undefined;
}

export interface ControlledFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  name: N;
  /** The control (a date box, a PIN, a radio group) given its value, its callbacks and its first message. */
  render: (props: ControlledFieldRenderProps<T, N>) => ReactElement;
}

/** A field whose control is not a plain input (a controlled value), its message handed to it. */
export function ControlledField<T extends FieldValues, N extends FieldPath<T>>({ name, render }: ControlledFieldProps<T, N>) {
  const engine = useFormEngine<T>();
  engine.register(name);
  return render({
    field: { name, value: engine.values[name], onChange: (value) => engine.change(name, value, true), onBlur: () => engine.blur(name) },
    error: engine.errors[name]?.message,
  });
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
