import type { TSurveyTemplate } from "@cura/domain";
import { Button } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { SurveyPlayer } from "./SurveyPlayer.tsx";

/**
 * The builder's live preview: the real player on the template being edited. Options not written yet
 * are left out and a question without text shows its number, so the preview never has an empty
 * button or heading. The player starts again when the questions' kinds change (its answers would no
 * longer fit them); text edits show in place.
 */
export function SurveyPreview({ template }: { template: TSurveyTemplate }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [done, setDone] = useState(false);
  const [round, setRound] = useState(0);
  const domande = template.domande.map((question, i) => ({
    ...question,
    q: question.q.trim() || t("surveys.builder.question", { number: i + 1 }),
    o: Array.isArray(question.o) ? [...new Set(question.o.filter((o) => o !== ""))] : question.o,
  }));
  const shape = JSON.stringify(domande.map((q) => [Array.isArray(q.o) ? q.o.length > 0 : q.o, q.cb]));

  return (
    <section aria-labelledby={titleId} className="card card-bg p-3" data-testid="survey-preview">
      <h2 id={titleId} className="h4">
        {t("surveys.builder.preview")}
      </h2>
      <p className="small">{t("surveys.builder.previewHint")}</p>
      {template.nome.trim() ? <p className="fw-semibold">{template.nome}</p> : null}
      {done ? (
        <>
          <FormMessage kind="success">{t("surveys.builder.previewDone")}</FormMessage>
          <Button
            type="button"
            color="primary"
            outline
            onClick={() => {
              setDone(false);
              setRound((r) => r + 1);
            }}
          >
            {t("surveys.builder.previewRestart")}
          </Button>
        </>
      ) : (
        <SurveyPlayer
          key={`${shape}-${round}`}
          template={{ info: template.info, domande }}
          headingLevel={3}
          onSubmit={() => setDone(true)}
          // The preview uploads nothing: a picked file is only named.
          uploadFile={async (file) => ({ hashid: `anteprima-${file.name}-${Date.now()}`, name: file.name })}
        />
      )}
    </section>
  );
}
