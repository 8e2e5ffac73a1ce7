import { COMPANY_MESSAGES } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage } from "../../../ui/form.tsx";
import { useCareCircle } from "../../care-circle/api/care-circle.ts";
import { useAddRelationship } from "../../care-circle/api/relationship.ts";
import { useProvider } from "../api/provider.ts";
import { OpeningHoursTable } from "../components/OpeningHoursTable.tsx";
import { ProviderContacts } from "../components/ProviderContacts.tsx";

/** A provider found by the search: contacts, opening hours, and 'Aggiungi al circolo di cura'. */
export default function ProviderDetailPage() {
  const { t } = useTranslation();
  const { company } = useParams();
  const location = useLocation();
  // The search's filters, when the citizen came from the results.
  const back = (location.state as { search?: string } | null)?.search ?? "";
  const alerts = useAlerts();
  const provider = useProvider(company);
  const circle = useCareCircle();
  const add = useAddRelationship();
  const [preferred, setPreferred] = useState(false);

  if (provider.isPending) {
    return (
      <div>
        <h1>{t("search.detailTitle")}</h1>
        <p role="status">{t("common.loading")}</p>
      </div>
    );
  }
  if (provider.isError) {
    return (
      <div>
        <h1>{t("search.detailTitle")}</h1>
        <FormMessage kind="error">
          {isApiError(provider.error) ? provider.error.message : t("errors.unexpected")}
        </FormMessage>
      </div>
    );
  }
  const c = provider.data;
  const inCircle = circle.data?.find((item) => item.company.hashid === c.hashid);

  return (
    <div>
      <Link to={`/cittadino/ricerca${back}`}>{t("search.backToSearch")}</Link>
      <h1 className="mt-2">{c.name}</h1>
      <p>{c.subtype_label ?? c.type_label}</p>
      {c.description ? <p>{c.description}</p> : null}
      <h2 className="h4">{t("search.contacts")}</h2>
      <ProviderContacts company={c} />
      <h2 className="h4">{t("search.openings")}</h2>
      <OpeningHoursTable openings={c.openings} caption={t("search.openingsOf", { name: c.name })} />
      <section aria-labelledby="circle-title" className="mt-4">
        <h2 id="circle-title" className="h4">
          {t("careCircle.title")}
        </h2>
        {inCircle ? (
          <p data-testid="in-circle">
            {inCircle.preferred ? t("careCircle.isPreferred") : t("careCircle.isInCircle")}{" "}
            <Link to="/cittadino/circolocura">{t("careCircle.open")}</Link>
          </p>
        ) : (
          <>
            <CheckboxField
              label={t("careCircle.setPreferredLabel")}
              checked={preferred}
              onChange={(e) => setPreferred(e.target.checked)}
            />
            <Button
              type="button"
              color="primary"
              disabled={add.isPending}
              onClick={() =>
                add.mutate(
                  { company_id: c.hashid, preferred },
                  {
                    onSuccess: () => alerts.success(COMPANY_MESSAGES.relationshipAdded),
                    onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                  },
                )
              }
            >
              {t("careCircle.add")}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
