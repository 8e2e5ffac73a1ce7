import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField } from "../../../ui/form.tsx";
import { useFdsServices, usePharmacies, useSetAdhesion } from "../api/catalogue.ts";

/**
 * The 'farmacia dei servizi' on `/admin/servizi`: the catalogue with how many pharmacies adhere to
 * each service; choosing a pharmacy shows and changes the services it adheres to.
 */
export function FdsSection() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [pharmacy, setPharmacy] = useState("");
  const services = useFdsServices(pharmacy);
  const pharmacies = usePharmacies();
  const setAdhesion = useSetAdhesion();
  const pharmacyName = pharmacies.data?.data.find((p) => p.hashid === pharmacy)?.name ?? "";
  return (
    <section className="mb-5" aria-labelledby="fds-title">
      <h2 id="fds-title" className="h4">
        {t("adminCatalogue.fds.title")}
      </h2>
      <p>{t("adminCatalogue.fds.intro")}</p>
      <SelectField
        wrapperClassName="col-md-6"
        label={t("adminCatalogue.fds.pharmacy")}
        value={pharmacy}
        onChange={(e) => setPharmacy(e.target.value)}
        options={[
          { value: "", label: t("adminCatalogue.fds.noPharmacy") },
          ...(pharmacies.data?.data ?? []).map((p) => ({
            value: p.hashid,
            label: p.comune ? `${p.name} (${p.comune})` : p.name,
          })),
        ]}
      />
      {services.isError ? <FormMessage kind="error">{services.error.message}</FormMessage> : null}
      {services.data ? (
        <div className="table-responsive">
          <table className="table cura-stack-table">
            <thead>
              <tr>
                <th scope="col">{t("adminCatalogue.fds.service")}</th>
                <th scope="col">{t("adminCatalogue.fds.category")}</th>
                <th scope="col">{t("adminCatalogue.fds.pharmacies")}</th>
                {pharmacy ? <th scope="col">{t("adminCatalogue.fds.adheres", { name: pharmacyName })}</th> : null}
              </tr>
            </thead>
            <tbody>
              {services.data.map((s) => (
                <tr key={s.hashid} data-testid="fds-service-row">
                  <th scope="row">
                    {s.name}
                    <div className="small text-muted fw-normal">{s.description}</div>
                  </th>
                  <td data-label={t("adminCatalogue.fds.category")}>{s.category}</td>
                  <td data-label={t("adminCatalogue.fds.pharmacies")}>{s.pharmacies}</td>
                  {pharmacy ? (
                    <td data-label={t("adminCatalogue.fds.adheres", { name: pharmacyName })}>
                      <div className="form-check form-switch m-0">
                        <input
                          id={`fds-${s.hashid}`}
                          className="form-check-input"
                          type="checkbox"
                          checked={s.adherent === true}
                          disabled={setAdhesion.isPending}
                          onChange={(e) =>
                            setAdhesion.mutate(
                              { hashid: s.hashid, body: { company_ids: [pharmacy], adherent: e.target.checked } },
                              {
                                onSuccess: () => alerts.success(t("adminCatalogue.fds.saved")),
                                onError: (error) =>
                                  alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                              },
                            )
                          }
                        />
                        <label className="form-check-label" htmlFor={`fds-${s.hashid}`}>
                          {t("adminCatalogue.fds.adhereLabel", { service: s.name })}
                        </label>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
