import { isApiError } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";

/** The API's message, or the generic one. */
export function messageOf(error: unknown): string {
  return isApiError(error) ? error.message : i18n.t("errors.unexpected");
}
