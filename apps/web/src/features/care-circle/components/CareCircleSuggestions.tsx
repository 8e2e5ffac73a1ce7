import { COMPANY_MESSAGES } from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { useAddRelationship } from "../api/relationship.ts";
import { useSuggestions } from "../api/suggestions.ts";

/**
 * Providers suggested for the care circle: those of the citizen's comune, then province, not in the
 * circle yet. Each can be opened or added at once. Nothing shows when there is nothing to suggest
 * (a citizen with no address has none) or the suggestions cannot be loaded.
 */
export function CareCircleSuggestions() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const suggestions = useSuggestions();
  const add = useAddRelationship();
  if (!suggestions.data || suggestions.data.length === 0) return null;

  return (
    <section aria-labelledby="suggestions-title" className="mt-5">
      <h2 id="suggestions-title" className="h3">
        {t("careCircle.suggestionsTitle")}
      </h2>
      <p>{t("careCircle.suggestionsHint")}</p>
      <ul className="list-group" data-testid="care-circle-suggestions">
        {suggestions.data.map((company) => (
          <li key={company.hashid} className="list-group-item d-flex flex-wrap align-items-center gap-2">
            <div className="me-auto">
              <Link to={`/cittadino/ricerca/${encodeURIComponent(company.hashid)}`} className="fw-semibold">
                {company.name}
              </Link>
              <div className="small">
                {company.subtype_label ?? company.type_label}
                {" · "}
                {[company.address, company.comune, company.provincia].filter(Boolean).join(", ")}
              </div>
            </div>
            <Button
              type="button"
              color="primary"
              outline
              size="sm"
              disabled={add.isPending}
              aria-label={t("careCircle.addOf", { name: company.name })}
              onClick={() =>
                add.mutate(
                  { company_id: company.hashid },
                  {
                    onSuccess: () => alerts.success(COMPANY_MESSAGES.relationshipAdded),
                    onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                  },
                )
              }
            >
              {t("careCircle.add")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
