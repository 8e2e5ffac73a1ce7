import type { TUser } from "@cura/domain";
import { DELAYS_MS } from "@cura/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useChangeConsents } from "../api/change-consents.ts";
import { storeUser } from "../api/me.ts";
import { ConsentCheckboxes, type ConsentValues, requiredConsentsGiven } from "./ConsentCheckboxes.tsx";

const INITIAL: ConsentValues = {
  charge_consense: false,
  data_consense: false,
  share_consense: false,
  marketing_consense: true,
};

/**
 * The consents screen of the post-login gate (spec 000 §2.11 rule 4): charge, data and share are
 * required (Conferma is enabled only with all three), marketing is optional and on by default. After
 * a successful save it waits DELAYS_MS.consentScreen (7 s) and then signals completion by storing
 * the fresh user, which lets the gate go on. A failure shows the spec's message and resets.
 */
export function ConsentsScreen({ onComplete }: { onComplete?: (user: TUser) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useChangeConsents();
  const [values, setValues] = useState<ConsentValues>(INITIAL);
  const [failed, setFailed] = useState(false);
  const [saved, setSaved] = useState<TUser | null>(null);
  const done = useRef(onComplete);
  done.current = onComplete;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => {
      storeUser(queryClient, saved);
      done.current?.(saved);
    }, DELAYS_MS.consentScreen);
    return () => clearTimeout(timer);
  }, [saved, queryClient]);

  const submit = async () => {
    setFailed(false);
    try {
      const user = await mutation.mutateAsync({
        charge_consense: true,
        data_consense: true,
        share_consense: true,
        marketing_consense: values.marketing_consense === true,
      });
      setSaved(user);
    } catch {
      setFailed(true);
      setValues(INITIAL);
    }
  };

  const ready = requiredConsentsGiven(values);
  return (
    <section aria-labelledby="consents-title">
      <h1 id="consents-title" className="mb-3">
        {t("consents.title")}
      </h1>
      <p className="lead">{t("consents.lead")}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !saved) void submit();
        }}
      >
        <ConsentCheckboxes
          values={values}
          optional={["marketing_consense"]}
          disabled={mutation.isPending || saved !== null}
          onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
        />
        {failed ? <FormMessage kind="error">{t("consents.saveFailed")}</FormMessage> : null}
        {saved ? (
          <FormMessage kind="success" testId="consents-saved">
            {t("consents.saved")}
          </FormMessage>
        ) : null}
        {!ready && !saved ? <p className="small">{t("consents.required")}</p> : null}
        <button type="submit" className="btn btn-primary" disabled={!ready || mutation.isPending || saved !== null}>
          {t("consents.confirm")}
        </button>
      </form>
    </section>
  );
}
