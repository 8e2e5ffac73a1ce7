import { findUnsafeText } from "@cura/domain";
import { useEffect, useRef } from "react";
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";

/**
 * Forms validate with the same zod schemas as the server (DESIGN §1). A schema sees the body the
 * page will send, not the raw inputs: `prepare` turns the form's values (empty strings, text from
 * selects) into that body first, so an empty select is `null` as the server expects and the
 * schema's cross-field rules (its superRefine) always run.
 */

/** What the resolver needs of a zod schema (structural, so the web app does not import zod). */
export interface SafeParser {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message of each body path (`anagrafica.cf`), in the order the schema found them. */
export function firstMessages(issues: readonly Issue[]): Map<string, string> {
  const messages = new Map<string, string>();
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!messages.has(key)) messages.set(key, issue.message);
  }
  return messages;
}

/** Flat `a.b` errors as react-hook-form's nested error object. */
export function nestErrors(flat: Map<string, string>): FieldErrors {
  const root: Record<string, unknown> = {};
  for (const [path, message] of flat) {
    const parts = path === "" ? ["root"] : path.split(".");
    let node = root;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] as string;
    node[last] = { type: "validate", message } satisfies FieldError;
  }
  return root as FieldErrors;
}

/**
 * A react-hook-form resolver that validates `prepare(values)` with a shared schema, and every text in
 * it with the domain's safe-text rule (no control characters, no lone surrogates), which the API
 * applies to every request: a pasted NUL is shown under its field instead of coming back as a 422.
 */
export function schemaResolver<T extends FieldValues>(
  schema: SafeParser,
  prepare: (values: T) => unknown = (values) => values,
): Resolver<T> {
  return async (values) => {
    const body = prepare(values);
    const unsafe = findUnsafeText(body);
    const result = schema.safeParse(body);
    if (result.success && unsafe.length === 0) return { values, errors: {} };
    const issues = [...unsafe, ...(result.success ? [] : result.error.issues)];
    return { values: {}, errors: nestErrors(firstMessages(issues)) as FieldErrors<T> };
  };
}

/** An input's text as the body wants it: trimmed, and null when empty. */
export function orNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** The message of a (possibly nested) field error, if any. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as FieldError | undefined)?.message;
  return typeof message === "string" && message ? message : undefined;
}

/**
 * react-hook-form's useForm with the app's timing, for every form: nothing is checked while the user
 * first fills a form; once it has been checked (a submit, a stepper's Next, the server's 422), a field
 * that has shown an error is checked again at each change, so "Campo obbligatorio" goes as soon as
 * the value is valid, and comes back if it is emptied again (issue 16, defect 6). react-hook-form alone re-validates on change only after handleSubmit,
 * and never a value set by code (setValue: the CAP from the comune, a select filled from the tax
 * code), so an error shown by trigger() or setError() stayed until the next Next or submit.
 */
export function useAppForm<T extends FieldValues, C = unknown, R extends FieldValues = T>(
  props: UseFormProps<T, C, R> = {},
): UseFormReturn<T, C, R> {
  const form = useForm<T, C, R>({ mode: "onSubmit", reValidateMode: "onChange", ...props });
  const { watch, getFieldState, trigger } = form;
  const checked = useRef(new Set<string>());
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (!name) return;
      // Only a field's own message (a parent object's entry has none): re-checking a whole subtree
      // would show the errors of fields the user has not reached yet.
      if (getFieldState(name).error?.message) checked.current.add(name);
      if (checked.current.has(name)) void trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, trigger]);
  return form;
}
