import type { ChangeEvent, FormEvent } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type PathValue, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { apiFieldErrors, type FieldErrors } from '../../lib/form-validation.ts';
import { toastError } from '../../lib/toast-error.ts';
import { localizeValidationMessage } from '../../i18n/index.ts';

/** The keys of a form's text values. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** The keys of a form's yes/no values. */
type BooleanKeys<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/** A shared zod schema whose input a form's values can be (strings where it coerces). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any input: the form's values are checked by the schema itself
export type FormSchema<O> = z.ZodType<O, any>;

export interface SchemaFormOptions<V> {
  /**
   * The values as the schema reads them, where a screen shows them otherwise (a price with a
   * decimal comma, a pasted video address, an empty limit meaning none): a reshaping only; every
   * rule stays in the schema.
   */
  input?(values: V): unknown;
}

/** react-hook-form's nested errors as one message per dotted path (`options.0.name`). */
function flatErrors(tree: object, prefix = '', into: FieldErrors = {}): FieldErrors {
  for (const [key, node] of Object.entries(tree) as [string, unknown][]) {
    if (!node || typeof node !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const { message } = node as { message?: unknown };
    // The schemas' messages are Spanish (the API's too): shown in the UI's language (docs/i18n.md).
    if (typeof message === 'string') into[path] = localizeValidationMessage(message);
    else flatErrors(node, path, into);
  }
  return into;
}

/**
 * A dialog's form validated by a shared schema of `@atende/shared` (the one the server's route
 * parses its body with), through react-hook-form and its zod resolver: a rule is written once, and
 * the message under a field is the schema's, word for word what the API answers for the same value.
 *
 * - `field(name)` binds an Amplify text/select field (name, value, onChange, hasError, errorMessage);
 * - `toggle(name)` binds an Amplify switch to a yes/no value;
 * - `set(name, value)` changes any value (switches, pickers, masks) and checks that field at once,
 *   so a limit is known before Guardar;
 * - `submit(save)` is the form's onSubmit: it checks the whole form and runs `save` with the
 *   schema's output; a refused save shows the API's field messages under the fields
 *   (ERR_VALIDATION issues) or, for any other code, its catalogue text in a toast (`fail`).
 */
export function useSchemaForm<V extends FieldValues, O>(
  schema: FormSchema<O>,
  defaults: V | (() => V),
  options: SchemaFormOptions<V> = {},
) {
  // Made on each render, so `input` reads the screen's latest data; useForm takes the newest one.
  // It types the values as the schema's input; the form holds them as typed (strings).
  const { input } = options;
  const checked = input ? z.preprocess((values) => input(values as V), schema) : schema;
  const form = useForm<V, unknown, O>({
    resolver: zodResolver(checked as never) as unknown as Resolver<V, unknown, O>,
    defaultValues: (typeof defaults === 'function' ? defaults() : defaults) as never,
  });
  const values = useWatch({ control: form.control }) as V;
  const errors = flatErrors(form.formState.errors);

  function set<K extends Path<V>>(name: K, value: PathValue<V, K>) {
    form.setValue(name, value, { shouldValidate: true, shouldDirty: true });
  }

  const field = <K extends TextKeys<V>>(name: K) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(name as unknown as Path<V>, event.target.value as PathValue<V, Path<V>>),
    hasError: !!errors[name],
    errorMessage: errors[name],
  });

  /** Binds an Amplify switch to a yes/no value (name, isChecked, onChange). */
  const toggle = <K extends BooleanKeys<V>>(name: K) => ({
    name,
    isChecked: values[name] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      set(name as unknown as Path<V>, event.target.checked as PathValue<V, Path<V>>),
  });

  /** Puts messages under fields (from the API, or a rule the schema cannot know). */
  function setErrors(messages: FieldErrors) {
    form.clearErrors();
    for (const [name, message] of Object.entries(messages)) {
      if (message) form.setError(name as Path<V>, { type: 'server', message });
    }
  }

  /** A failed save: the API's field messages under the fields, any other code as its text in a toast. */
  function fail(error: unknown) {
    const apiErrors = apiFieldErrors(error);
    if (apiErrors) setErrors(apiErrors);
    else toastError(error);
  }

  /**
   * The form's onSubmit: checks with the schema, then `save(output)`; `onPending` around the save,
   * a failure to `onError` (`fail` unless told); a refused check tells `onInvalid` its messages.
   */
  function submit(
    save: (data: O) => Promise<unknown>,
    options: {
      onPending?(pending: boolean): void;
      onError?(error: unknown): void;
      onInvalid?(messages: FieldErrors): void;
    } = {},
  ) {
    const { onPending, onError = fail, onInvalid } = options;
    const run = form.handleSubmit(async (data) => {
      onPending?.(true);
      try {
        await save(data);
      } catch (error) {
        onError(error);
      } finally {
        onPending?.(false);
      }
    }, onInvalid && ((invalid) => onInvalid(flatErrors(invalid))));
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(event);
    };
  }

  return { form, values, errors, set, field, toggle, setErrors, fail, submit, reset: form.reset };
}
