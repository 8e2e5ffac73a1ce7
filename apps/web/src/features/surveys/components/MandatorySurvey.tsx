import type { TTeleconsultPending } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { lazyModal } from "../../../ui/lazy-modal.tsx";

const MandatorySurveyModal = lazyModal(() => import("./MandatorySurveyModal.tsx").then((m) => m.MandatorySurveyModal));

/** Spec 001 §4: the mandatory survey belongs to the custom teleconsults, rapid and paediatric. */
const CUSTOM_TELECONSULT = /rapido|pediatrico/i;

/**
 * The mandatory survey of a quick or paediatric teleconsult request (spec 001 §4 "Mandatory survey
 * for custom teleconsults"): the modal opens by itself when the pending request carries a suspended
 * survey (the spec's mustFillSurvey) and its service is rapido or pediatrico. The citizen may close it
 * and come back (the answers are kept as a draft); once saved the flag clears, and reopening it says
 * the survey is already filled, with the agenda's link.
 */
export function MandatorySurvey({
  pending,
  onFilled,
}: {
  pending: TTeleconsultPending | undefined;
  /** Reloads the pending request, whose flag the fill cleared. */
  onFilled: () => void;
}) {
  const { t } = useTranslation();
  const reservation = pending?.reservation ?? null;
  const flagged = reservation?.suspended_survey?.hashid ?? null;
  const mustFill = flagged !== null && reservation !== null && CUSTOM_TELECONSULT.test(reservation.service.name);
  // The survey seen last: still openable after it is filled, to say so.
  const [suspended, setSuspended] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (mustFill && flagged !== suspended) {
    setSuspended(flagged);
    setOpen(true);
  }
  if (suspended === null) return null;
  return (
    <div className="my-3" data-testid="mandatory-survey">
      {mustFill ? <FormMessage kind="warning">{t("surveys.mandatory.intro")}</FormMessage> : null}
      <Button type="button" color="primary" outline={!mustFill} onClick={() => setOpen(true)}>
        {mustFill ? t("surveys.mandatory.open") : t("surveys.mandatory.reopen")}
      </Button>
      <MandatorySurveyModal isOpen={open} suspended={suspended} onClose={() => setOpen(false)} onFilled={onFilled} />
    </div>
  );
}
