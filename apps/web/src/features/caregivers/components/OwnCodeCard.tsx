import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useOwnCode } from "../api/own-code.ts";

/** The citizen's code of the day, to read to the person who will care for them. */
export function OwnCodeCard() {
  const { t, i18n } = useTranslation();
  const code = useOwnCode();
  return (
    <section aria-labelledby="own-code-title" className="card card-bg p-3 mb-4">
      <h2 id="own-code-title" className="h4">
        {t("caregivers.code.title")}
      </h2>
      <p>{t("caregivers.code.hint")}</p>
      {code.isError ? <FormMessage kind="error">{code.error.message}</FormMessage> : null}
      {code.data ? (
        <p className="mb-0">
          <span className="h3 font-monospace me-3" data-testid="own-code">
            {code.data.code}
          </span>
          {t("caregivers.code.until", {
            time: new Date(code.data.expires_at).toLocaleString(i18n.language, {
              timeZone: "Europe/Rome",
              dateStyle: "short",
              timeStyle: "medium",
            }),
          })}
        </p>
      ) : null}
    </section>
  );
}
