import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../../ui/form.tsx";

/**
 * The survey's information notice, before its first question (spec 001 §4, 002 "Consent tick needed
 * when an info text exists"): nothing starts until the box is ticked.
 */
export function SurveyConsent({
  info,
  headingLevel,
  onStart,
}: {
  info: string;
  headingLevel: 2 | 3 | 4;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="survey-consent">
      <Heading className="h4">{t("surveys.player.consentTitle")}</Heading>
      <div className="mb-3" style={{ whiteSpace: "pre-line" }} data-testid="survey-info">
        {info}
      </div>
      <CheckboxField
        label={t("surveys.player.consent")}
        checked={agreed}
        onChange={(e) => setAgreed(e.target.checked)}
        wrapperClassName="mb-3"
      />
      <Button type="button" color="primary" disabled={!agreed} onClick={onStart}>
        {t("surveys.player.start")}
      </Button>
    </section>
  );
}
