import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { FormMessage, SelectField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useOwnCaregivers } from "../../caregivers/api/own-caregivers.ts";
import { TherapyForm } from "../components/TherapyForm.tsx";

/**
 * The citizen's `familiare/assistito/terapia` (spec 001 §2): a caregiver with the 'gestione dati
 * sanitari' consent adds a therapy to an assisted person's file (`?assistito=` preselects them).
 */
export default function AssistedTherapyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const caregivers = useOwnCaregivers();
  const [chosen, setChosen] = useState(params.get("assistito") ?? "");
  const assisted = (caregivers.data?.assisted ?? []).filter((r) => r.status === "enabled" && r.health_data);
  return (
    <div>
      <h1 className="mb-3">{t("healthTherapies.pages.assistedTitle")}</h1>
      {caregivers.isPending ? <PageLoader /> : null}
      {caregivers.data && assisted.length === 0 ? (
        <FormMessage kind="info">
          {t("healthTherapies.pages.noAssisted")}{" "}
          <Link to="/cittadino/familiari/caregiver">{t("healthTherapies.pages.toCaregivers")}</Link>
        </FormMessage>
      ) : null}
      {assisted.length > 0 ? (
        <SelectField
          label={t("healthTherapies.pages.assisted")}
          placeholder={t("healthTherapies.form.choose")}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          options={assisted.map((r) => ({
            value: r.assisted.hashid,
            label: `${r.assisted.name} ${r.assisted.surname}`,
          }))}
        />
      ) : null}
      {chosen && assisted.some((r) => r.assisted.hashid === chosen) ? (
        <TherapyForm
          key={chosen}
          patient={chosen}
          onCancel={() => navigate("/cittadino")}
          onSaved={() => navigate("/cittadino/profilosanitario/terapie")}
        />
      ) : null}
    </div>
  );
}
