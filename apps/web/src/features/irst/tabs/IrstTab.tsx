import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import type { HealthTabProps } from "../../health-file/types.ts";
import { useIrstList } from "../api/irst.ts";
import { IrstSection, LastUpdate } from "../components/IrstLists.tsx";

/**
 * The IRST section of the operator's patient card (issue 13): the drugs and other products the
 * patient declared for the oncology therapy reconciliation, and when they last compiled it. Read
 * only: the list is what the patient declares (`activities/irst/therapies?patient=`; the server
 * admits the operators of the patient's companies and answers 404 for anyone else's patient).
 */
export default function IrstTab({ patientHash }: HealthTabProps) {
  const { t, i18n } = useTranslation();
  const [drugPage, setDrugPage] = useState(1);
  const [productPage, setProductPage] = useState(1);
  // The operator always names the patient; the citizen's own lists are their IRST page.
  const drugs = useIrstList(patientHash, "farmaco", drugPage);
  const products = useIrstList(patientHash, "altro", productPage);
  const meta = drugs.data?.meta;
  const formatDate = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" });
  const error = drugs.error ?? products.error;

  return (
    <div data-testid="irst-patient">
      <p>{t("irst.patient.lead")}</p>
      {drugs.isPending ? <PageLoader /> : null}
      {error ? <FormMessage kind="error">{isApiError(error) ? error.message : t("irst.loadError")}</FormMessage> : null}
      {meta ? (
        <p data-testid="irst-status">
          <LastUpdate update={meta.last_update} formatDate={formatDate} noneText={t("irst.patient.none")} />
        </p>
      ) : null}
      {drugs.data ? (
        <IrstSection
          kind="farmaco"
          title={t("irst.drugs.title")}
          empty={t("irst.patient.drugsEmpty")}
          items={drugs.data.data}
          total={drugs.data.meta.total}
          page={drugPage}
          onPage={setDrugPage}
          headingLevel={3}
        />
      ) : null}
      {products.data ? (
        <IrstSection
          kind="altro"
          title={t("irst.products.title")}
          empty={t("irst.patient.productsEmpty")}
          items={products.data.data}
          total={products.data.meta.total}
          page={productPage}
          onPage={setProductPage}
          headingLevel={3}
        />
      ) : null}
    </div>
  );
}
