import { citizenMayCancelTeleconsult } from "@cura/domain/booking-states";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useTeleconsult } from "../api/lists.ts";
import { TeleconsultDetails } from "../components/TeleconsultDetails.tsx";
import { useFocusAfterWithdrawal, WithdrawRequest } from "../components/WithdrawRequest.tsx";
import { citizenCallPath, citizenListPath } from "../paths.ts";

/** What the specialist wizard (teleconsulti/nuovo/specialistico) hands over when it lands here. */
export interface PreviewLocationState {
  booked?: boolean;
}

/**
 * `teleconsulti/anteprima/{hashid}` (spec 001 screen 17): the citizen's teleconsultation, the way into
 * the call, and 'Annulla richiesta' until the call connects (issue 10).
 */
export default function TeleconsultPreviewPage() {
  const { t } = useTranslation();
  const { hashid = "" } = useParams();
  const booked = (useLocation().state as PreviewLocationState | null)?.booked === true;
  const item = useTeleconsult(hashid);
  const [withdrawn, setWithdrawn] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusAfterWithdrawal(withdrawn, headingRef);
  const data = item.data;
  return (
    <div>
      <h1 ref={headingRef} tabIndex={-1} className="mb-3">
        {data?.service.name ?? t("teleconsult.preview.title")}
      </h1>
      <p>
        <Link to={citizenListPath()}>{t("teleconsult.request.back")}</Link>
      </p>
      {booked && !withdrawn ? (
        <FormMessage kind="success" testId="teleconsult-booked">
          {t("teleconsult.preview.booked")}
        </FormMessage>
      ) : null}
      {withdrawn ? (
        <FormMessage kind="success" testId="teleconsult-withdrawn">
          {t("teleconsult.withdraw.done")}
        </FormMessage>
      ) : null}
      {item.isPending ? <PageLoader /> : null}
      {item.isError ? <FormMessage kind="error">{item.error.message}</FormMessage> : null}
      {data ? (
        <>
          <TeleconsultDetails item={data} />
          <div className="d-flex flex-wrap gap-2">
            {data.status === "confermato" && data.ended_at === null ? (
              <Link className="btn btn-primary" to={citizenCallPath(data.hashid)}>
                {t("teleconsult.request.join")}
              </Link>
            ) : null}
            {!withdrawn && citizenMayCancelTeleconsult(data) ? (
              <WithdrawRequest hashid={data.hashid} onWithdrawn={() => setWithdrawn(true)} />
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
