import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { CentreDetail } from "../components/CentreDetail.tsx";
import { CentresList } from "../components/CentresList.tsx";

const BASE = "/operatore/centriErogatori";

/**
 * `/operatore/centriErogatori/{section?}/{hashid?}` (spec 002 §2, provider centres management): the
 * centres a monitoring room manages (no section), and one centre (`centro/{hashid}`).
 */
export default function ProviderCentresPage() {
  const { t } = useTranslation();
  const { section, hashid } = useParams();
  if (section !== undefined && !(section === "centro" && hashid)) return <Navigate to={BASE} replace />;
  return (
    <div>
      <h1 className="mb-4">{t("providerCentres.title")}</h1>
      {hashid ? <CentreDetail key={hashid} centre={hashid} base={BASE} /> : <CentresList base={BASE} />}
    </div>
  );
}
