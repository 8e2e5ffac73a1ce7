import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useTeleconsult } from "../api/lists.ts";
import { TeleconsultDetails } from "../components/TeleconsultDetails.tsx";
import { citizenCallPath, citizenListPath } from "../paths.ts";

/** `teleconsulti/anteprima/{hashid}` (spec 001 screen 17): the citizen's teleconsultation and the way into the call. */
export default function TeleconsultPreviewPage() {
  const { t } = useTranslation();
  const { hashid = "" } = useParams();
  const item = useTeleconsult(hashid);
  return (
    <div>
      <h1 className="mb-3">{item.data?.service.name ?? t("teleconsult.preview.title")}</h1>
      <p>
        <Link to={citizenListPath()}>{t("teleconsult.request.back")}</Link>
      </p>
      {item.isPending ? <PageLoader /> : null}
      {item.isError ? <FormMessage kind="error">{item.error.message}</FormMessage> : null}
      {item.data ? (
        <>
          <TeleconsultDetails item={item.data} />
          {item.data.status === "confermato" && item.data.ended_at === null ? (
            <Link className="btn btn-primary" to={citizenCallPath(item.data.hashid)}>
              {t("teleconsult.request.join")}
            </Link>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
