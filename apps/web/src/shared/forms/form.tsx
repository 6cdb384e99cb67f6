/**
 * The Form primitive (issue 25, decision 0052): a domain schema (zod/mini, decision 0026) checked
 * by the form's own small engine (`form-engine.ts`, react-hook-form's rules of when a field is
 * checked, without react-hook-form), its default values, and field components that show their own
 * first message. As bulletproof-react's `Form`: the page makes the form with
 * `useSchemaForm(schema, options)` (its methods stay the page's: reset, setError, getValues,
 * formState), renders `<Form form onSubmit>` and inside it the fields by name; a field reads its
 * registration and its error from the form's context. A page names its value type once:
 * `const PasswordField = PasswordFieldOf<ChangePasswordInput>` (a wrong name is then a type error).
 * `Form`, `TextField` and `PasswordField` are `form-fields.tsx`'s, which sign-in and sign-up use
 * with the smaller engine of `submit-form.ts`; the select (`select-field.tsx`, Mantine's
 * `NativeSelect`) is a module of its own, so only the page that uses it loads it.
 */
import { useReducer, useState, type ReactElement } from 'react';
import { FormEngine, type FieldErrors, type FormMode, type FormSchema } from './form-engine';
import { useFieldEngine, type FieldPath, type FieldValues } from './form-fields';

export { Form, PasswordField, TextField, type FieldPath, type FieldValues } from './form-fields';

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

/** The engine of the surrounding `Form` of `useSchemaForm` (a select, a controlled field). */
export const useFormEngine = <T extends FieldValues>() => useFieldEngine<T>() as FormEngine<T>;

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
