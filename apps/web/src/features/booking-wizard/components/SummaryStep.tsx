import { PREFERENCE_SLOTS } from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField } from "../../../ui/form.tsx";
import { useCareCircle } from "../../care-circle/api/care-circle.ts";
import { useAttachments, useHealthService } from "../api/providers.ts";
import { longDate } from "../dates.ts";
import { downloadFile } from "../download.ts";
import type { StepProps } from "./NeedStep.tsx";
import { completePreferences } from "./PreferencePicker.tsx";
import { productLabel } from "./ProductSearch.tsx";

/**
 * Step 5 (screen 13): the service, the selected or estimated date, the documents to download, the
 * recommendations, the facility (and whether it is the preferred one), the prescription PIN reminder,
 * one's notes and the privacy confirmation (spec 001 §5).
 */
export function SummaryStep({ type, state, update, showError }: StepProps & { showError: boolean }) {
  const { t, i18n } = useTranslation();
  const alerts = useAlerts();
  const circle = useCareCircle();
  // A health service (a visit, or a specialist teleconsultation) has documents and recommendations.
  const atService = type !== "prodotto";
  const serviceHash = atService ? (state.service?.hashid ?? null) : null;
  const attachments = useAttachments(serviceHash);
  const detail = useHealthService(serviceHash);
  const preferred = circle.data?.find((item) => item.company.hashid === state.company?.hashid)?.preferred ?? false;
  const prescription =
    state.nre.trim() !== "" || state.rev.trim() !== "" || state.lines.some((l) => l.product.prescription_required);
  const person = state.familyMember ?? state.assisted;
  const who = person ? `${person.name} ${person.surname}` : t("bookingWizard.who.self");

  return (
    <div>
      <dl className="row">
        {atService ? (
          <>
            <dt className="col-sm-4">{t("bookingWizard.summary.service")}</dt>
            <dd className="col-sm-8">{state.service?.name}</dd>
          </>
        ) : (
          <>
            <dt className="col-sm-4">{t("bookingWizard.summary.products")}</dt>
            <dd className="col-sm-8">
              <ul className="list-unstyled mb-0">
                {state.lines.map((l) => (
                  <li key={l.product.code}>
                    {l.quantity} × {productLabel(l.product)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt className="col-sm-4">{t("bookingWizard.summary.who")}</dt>
        <dd className="col-sm-8">{who}</dd>
        <dt className="col-sm-4">
          {type === "prodotto" ? t("bookingWizard.summary.pharmacy") : t("bookingWizard.summary.facility")}
        </dt>
        <dd className="col-sm-8">
          {state.company?.name}
          {preferred ? <span className="badge bg-primary ms-2">{t("bookingWizard.facility.preferred")}</span> : null}
        </dd>
        {atService ? (
          <>
            <dt className="col-sm-4">
              {type === "teleconsulto" || state.dateMode === "slot"
                ? t("bookingWizard.summary.date")
                : t("bookingWizard.summary.estimated")}
            </dt>
            <dd className="col-sm-8">
              {type === "teleconsulto" || state.dateMode === "slot" ? (
                state.startLabel
              ) : state.noPreference ? (
                t("bookingWizard.summary.noPreference")
              ) : (
                <>
                  <p className="mb-1">{t("bookingWizard.summary.byPreferences")}</p>
                  <ul className="mb-0">
                    {completePreferences(state.preferences).map((p) => (
                      <li key={`${p.date}-${p.slot}`}>
                        {longDate(p.date, i18n.language)}, {PREFERENCE_SLOTS[p.slot].toLowerCase()}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </dd>
          </>
        ) : null}
        {state.nre.trim() ? (
          <>
            <dt className="col-sm-4">{t("bookingWizard.need.nre")}</dt>
            <dd className="col-sm-8">{state.nre}</dd>
          </>
        ) : null}
        {state.rev.trim() ? (
          <>
            <dt className="col-sm-4">{t("bookingWizard.need.rev")}</dt>
            <dd className="col-sm-8">{state.rev}</dd>
          </>
        ) : null}
      </dl>

      {atService ? (
        <section aria-labelledby="summary-documents">
          <h3 id="summary-documents" className="h5">
            {t("bookingWizard.summary.documents")}
          </h3>
          {attachments.data?.length ? (
            <ul className="list-unstyled">
              {attachments.data.map((file) => (
                <li key={file.hashid}>
                  <Button
                    type="button"
                    color="link"
                    className="p-0"
                    onClick={() =>
                      downloadFile(file.url, file.name).catch((error: unknown) =>
                        alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                      )
                    }
                  >
                    {t("bookingWizard.summary.download", { name: file.name })}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">{t("bookingWizard.summary.noDocuments")}</p>
          )}
          <h3 className="h5">{t("bookingWizard.summary.recommendations")}</h3>
          {detail.data?.description ? <p>{detail.data.description}</p> : null}
          {type === "teleconsulto" ? (
            <ul>
              <li>{t("bookingWizard.summary.teleconsultJoin")}</li>
              <li>{t("bookingWizard.summary.teleconsultDevice")}</li>
            </ul>
          ) : (
            <ul>
              <li>{t("bookingWizard.summary.bringDocuments")}</li>
              <li>{t("bookingWizard.summary.beOnTime")}</li>
            </ul>
          )}
        </section>
      ) : null}

      {prescription ? (
        <div className="alert alert-warning" role="note">
          {t("bookingWizard.summary.pinReminder")}
        </div>
      ) : null}

      <div className="form-group mt-4">
        <label htmlFor="booking-notes" className="active">
          {t("bookingWizard.summary.notes")} {t("common.optional")}
        </label>
        <textarea
          id="booking-notes"
          className="form-control"
          rows={3}
          maxLength={2000}
          value={state.notes}
          onChange={(e) => update({ notes: e.target.value })}
        />
      </div>
      <CheckboxField
        label={t("bookingWizard.summary.privacy")}
        checked={state.privacy}
        required
        error={showError && !state.privacy ? t("bookingWizard.errors.privacy") : undefined}
        onChange={(e) => update({ privacy: e.target.checked })}
      />
    </div>
  );
}
