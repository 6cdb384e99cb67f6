/**
 * The Form primitive's form and text boxes (issue 25, decision 0052), apart from any engine: `Form`
 * and the fields read the surrounding form's engine through context and ask it for a field's props
 * (name, value or element, callbacks, first message). Two engines provide them: `form-engine.ts`
 * (`useSchemaForm`, the signed-in and e-mail forms: modes, reset, setError, dirty state) and
 * `submit-form.ts` (`useSubmitForm`, sign-in and sign-up: checked on submit, then as the user types),
 * so the sign-in bundle carries these components and the small engine, not the other one.
 */
import { createContext, useContext, type ChangeEvent, type FocusEvent, type FormEvent, type FormHTMLAttributes, type ReactNode, type Ref } from 'react';
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as react-hook-form's: a page's value interface has no index signature
export type FieldValues = Record<string, any>;
/** A field's name: the forms' values are flat records. */
export type FieldPath<T> = keyof T & string;

/** What a text box of a form takes beyond its Mantine props. */
export interface FieldBehaviour<T extends FieldValues> {
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

/** A text box's props as its form's engine gives them. */
export interface TextBoxProps {
  name: string;
  ref?: Ref<HTMLInputElement>;
  defaultValue?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/** What `Form` and the text boxes need of a form's engine. */
export interface FieldEngine<T extends FieldValues> {
  textBox(field: FieldBehaviour<T>): TextBoxProps;
  /** The form's submit: `onValid` with the schema's values, or the messages shown, the first invalid field focused and `onInvalid`. */
  submit(event: FormEvent<HTMLFormElement>, onValid: (values: T) => void, onInvalid?: () => void): void;
  /** What is typed anywhere in the form (an engine that checks the whole form as the user types). */
  input?(event: FormEvent<HTMLFormElement>): void;
}

const FormContext = createContext<FieldEngine<FieldValues> | null>(null);

/** The engine of the surrounding `Form`. */
export function useFieldEngine<T extends FieldValues>(): FieldEngine<T> {
  const engine = useContext(FormContext);
  if (!engine) throw new Error('a form field outside a Form');
  return engine as unknown as FieldEngine<T>;
}

export interface FormProps<T extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onInvalid' | 'children'> {
  form: { engine: FieldEngine<T> };
  /** Called with the parsed values once every field passes. */
  onSubmit: (values: T) => void;
  /** Called when a submit finds a field refused (after the messages are shown). */
  onInvalid?: () => void;
  children: ReactNode;
}

/** The `<form>` (the browser's own checks off) whose fields find the form by context. */
export function Form<T extends FieldValues>({ form: { engine }, onSubmit, onInvalid, children, ...props }: FormProps<T>) {
  return (
    <FormContext.Provider value={engine}>
      <form noValidate {...props} onSubmit={(event) => engine.submit(event, onSubmit, onInvalid)} onInput={engine.input && ((event) => engine.input!(event))}>
        {children}
      </form>
    </FormContext.Provider>
  );
}

export type TextFieldProps<T extends FieldValues> = FieldBehaviour<T> & Omit<TextInputProps, keyof FieldBehaviour<T> | 'value' | 'defaultValue'>;

/** A Mantine `TextInput` of the surrounding `Form`, registered under `name`, showing the field's first message. */
export function TextField<T extends FieldValues>({ name, rules, normalise, onChange, onBlur, error, silent, ...props }: TextFieldProps<T>) {
  return <TextInput {...props} {...useFieldEngine<T>().textBox({ name, rules, normalise, onChange, onBlur, error, silent })} />;
}

export type PasswordFieldProps<T extends FieldValues> = FieldBehaviour<T> & Omit<PasswordInputProps, keyof FieldBehaviour<T> | 'value' | 'defaultValue'>;

/** A Mantine `PasswordInput` of the surrounding `Form`, registered under `name`, showing the field's first message. */
export function PasswordField<T extends FieldValues>({ name, rules, normalise, onChange, onBlur, error, silent, ...props }: PasswordFieldProps<T>) {
  return <PasswordInput {...props} {...useFieldEngine<T>().textBox({ name, rules, normalise, onChange, onBlur, error, silent })} />;
}
