import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";

export interface Position {
  lat: number;
  lng: number;
}

/**
 * The citizen's position, only after they said yes to using it (the browser asks again), rounded to
 * six decimals (about 10 cm: nothing finer is useful to a search). `ask` opens the consent modal;
 * `prompt` renders it and the warning when the position could not be had.
 */
export function useConsentedPosition(options: { onPosition: (position: Position) => void; deniedMessage: string }): {
  ask: () => void;
  prompt: ReactNode;
} {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = () => {
    setAsking(false);
    setError(null);
    if (!("geolocation" in navigator)) {
      setError(t("search.positionUnavailable"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        options.onPosition({
          lat: Number(position.coords.latitude.toFixed(6)),
          lng: Number(position.coords.longitude.toFixed(6)),
        }),
      () => setError(options.deniedMessage),
      { timeout: 10_000 },
    );
  };

  const prompt = (
    <>
      {error ? <FormMessage kind="warning">{error}</FormMessage> : null}
      <ConfirmModal
        isOpen={asking}
        title={t("search.consentTitle")}
        confirmLabel={t("search.consentYes")}
        cancelLabel={t("search.consentNo")}
        onConfirm={locate}
        onCancel={() => setAsking(false)}
      >
        {t("search.consentBody")}
      </ConfirmModal>
    </>
  );
  return { ask: () => setAsking(true), prompt };
}
