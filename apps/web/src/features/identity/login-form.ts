import { findUnsafeText, type TLoginBody, ZLoginBody } from "@cura/domain";

export type LoginErrors = Partial<Record<keyof TLoginBody, string>>;

/**
 * The sign-in form's validation, loaded apart from the page (issue 15: the sign-in page's first
 * load carries neither zod nor react-hook-form): the first message of each field, from the same
 * schema and safe-text rule as the server.
 */
export function validateLogin(values: TLoginBody): LoginErrors {
  const result = ZLoginBody.safeParse(values);
  const issues = [...findUnsafeText(values), ...(result.success ? [] : result.error.issues)];
  const errors: LoginErrors = {};
  for (const issue of issues) errors[issue.path[0] as keyof TLoginBody] ??= issue.message;
  return errors;
}
