import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { SelectField, TextField } from "../../../ui/form.tsx";
import { usePatientPicker } from "../../patients/api/patient-picker.ts";
import { TherapyForm } from "../components/TherapyForm.tsx";

/**
 * The operator's `pazienti/terapia` (spec 002 §2 "New therapy for an assisted person"): a therapy
 * for one of the company's patients (`?paziente=` preselects them); saved, it opens the card's tab.
 */
export default function PatientTherapyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [q, setQ] = useState("");
  const [chosen, setChosen] = useState(params.get("paziente") ?? "");
  const picker = usePatientPicker(q);
  const options = (picker.data ?? []).map((p) => ({ value: p.hashid, label: `${p.surname} ${p.name}` }));
  return (
    <div>
      <h1 className="mb-3">{t("healthTherapies.pages.patientTitle")}</h1>
      {params.get("paziente") ? null : (
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("healthTherapies.pages.searchPatient")}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <SelectField
            wrapperClassName="col-md-6"
            label={t("healthTherapies.pages.patient")}
            placeholder={t("healthTherapies.form.choose")}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            options={options}
          />
        </div>
      )}
      {chosen ? (
        <TherapyForm
          key={chosen}
          patient={chosen}
          onCancel={() => navigate("/operatore/pazienti")}
          onSaved={() => navigate(`/operatore/pazienti/scheda/${chosen}?sezione=terapie`)}
        />
      ) : null}
    </div>
  );
}
