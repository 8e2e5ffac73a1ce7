import { type TAslAdmin, ZAslMergeBody, ZAslUpdateBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import {
  useAslAdmin,
  useCompanyLookup,
  useLinkCompany,
  useMergeAsl,
  useUnlinkCompany,
  useUpdateAsl,
} from "../api/asl.ts";

/** The server's 422 by field, or its message in an alert. */
function useServerErrors(setErrors: (errors: Map<string, string>) => void) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  return (error: unknown) => {
    const placed = isApiError(error) ? Object.entries(error.errors) : [];
    if (placed.length > 0) setErrors(new Map(placed.map(([path, messages]) => [path, messages.join(" ")])));
    else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  };
}

/** Correct one ASL's name or site. */
function AslEditForm({ asl, onDone }: { asl: TAslAdmin; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const update = useUpdateAsl();
  const [name, setName] = useState(asl.denominazione);
  const [site, setSite] = useState(asl.sito_web ?? "");
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const onServerError = useServerErrors(setErrors);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAslUpdateBody.safeParse({ denominazione: name, sito_web: site });
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    update.mutate(
      { codice: asl.codice_asl, body: parsed.data },
      {
        onSuccess: () => {
          alerts.success(t("adminSettings.asl.saved"));
          onDone();
        },
        onError: onServerError,
      },
    );
  };
  return (
    <div className="border rounded p-3 mb-3">
      <form onSubmit={onSubmit} noValidate aria-label={t("adminSettings.asl.editOf", { code: asl.codice_asl })}>
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("adminSettings.asl.name")}
            hint={t("adminSettings.asl.source", { name: asl.denominazione_fonte })}
            maxLength={120}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.get("denominazione")}
          />
          <TextField
            wrapperClassName="col-md-6"
            label={t("adminSettings.asl.site")}
            type="url"
            maxLength={200}
            value={site}
            onChange={(event) => setSite(event.target.value)}
            error={errors.get("sito_web")}
          />
        </div>
        <div className="d-flex gap-2">
          <Button type="submit" color="primary" size="sm" disabled={update.isPending}>
            {t("adminSettings.save")}
          </Button>
          <Button type="button" color="secondary" outline size="sm" onClick={onDone}>
            {t("adminSettings.cancel")}
          </Button>
        </div>
      </form>
      <AslCompanies asl={asl} />
    </div>
  );
}

/** The companies of the ASL's territory: linked ones with "Scollega", a search by name to link another. */
function AslCompanies({ asl }: { asl: TAslAdmin }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [q, setQ] = useState("");
  const found = useCompanyLookup(q);
  const link = useLinkCompany();
  const unlink = useUnlinkCompany();
  const onError = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  return (
    <div className="mt-3">
      <h4 className="h6">{t("adminSettings.asl.companies")}</h4>
      {asl.aziende.length === 0 ? <p className="small">{t("adminSettings.asl.noCompanies")}</p> : null}
      <ul className="list-unstyled">
        {asl.aziende.map((company) => (
          <li key={company.hashid} className="d-flex flex-wrap gap-2 align-items-center mb-2">
            {company.name}
            <Button
              type="button"
              color="danger"
              outline
              size="xs"
              aria-label={`${t("adminSettings.asl.unlink")} ${company.name}`}
              disabled={unlink.isPending}
              onClick={() =>
                unlink.mutate(
                  { codice: asl.codice_asl, company: company.hashid },
                  { onSuccess: () => alerts.success(t("adminSettings.asl.unlinked")), onError },
                )
              }
            >
              {t("adminSettings.asl.unlink")}
            </Button>
          </li>
        ))}
      </ul>
      <TextField
        label={t("adminSettings.asl.companySearch")}
        hint={t("adminSettings.asl.companySearchHint")}
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {found.data && found.data.length > 0 ? (
        <ul className="list-unstyled" aria-label={t("adminSettings.asl.companyResults")}>
          {found.data
            .filter((company) => !asl.aziende.some((linked) => linked.hashid === company.hashid))
            .map((company) => (
              <li key={company.hashid} className="d-flex flex-wrap gap-2 align-items-center mb-2">
                {company.comune ? `${company.name} (${company.comune})` : company.name}
                <Button
                  type="button"
                  color="primary"
                  outline
                  size="xs"
                  aria-label={`${t("adminSettings.asl.link")} ${company.name}`}
                  disabled={link.isPending}
                  onClick={() =>
                    link.mutate(
                      { codice: asl.codice_asl, company: company.hashid },
                      {
                        onSuccess: () => {
                          alerts.success(t("adminSettings.asl.linked"));
                          setQ("");
                        },
                        onError,
                      },
                    )
                  }
                >
                  {t("adminSettings.asl.link")}
                </Button>
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Record a merger: these codes belong to one authority from a date (Liguria 2026: ATS Liguria). */
function MergeForm() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const merge = useMergeAsl();
  const [codes, setCodes] = useState("");
  const [into, setInto] = useState("");
  const [date, setDate] = useState("");
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const onServerError = useServerErrors(setErrors);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const codici = codes
      .split(/[\s,;]+/)
      .map((c) => c.trim())
      .filter(Boolean);
    const parsed = ZAslMergeBody.safeParse({ codici, accorpata_in: into, data_effetto: date });
    if (!parsed.success) {
      // Any problem with a code is shown under the codes field.
      const flat = firstMessages(parsed.error.issues);
      const codeProblem = [...flat.entries()].find(([path]) => path.startsWith("codici"));
      if (codeProblem) flat.set("codici", codeProblem[1]);
      setErrors(flat);
      return;
    }
    setErrors(new Map());
    merge.mutate(parsed.data, {
      onSuccess: () => {
        alerts.success(t("adminSettings.asl.merged"));
        setCodes("");
        setInto("");
        setDate("");
      },
      onError: (error) => {
        onServerError(error);
        if (isApiError(error)) {
          const codeProblem = Object.entries(error.errors).find(([path]) => path.startsWith("codici"));
          if (codeProblem) setErrors(new Map([["codici", codeProblem[1].join(" ")]]));
        }
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="row">
        <TextField
          wrapperClassName="col-md-4"
          label={t("adminSettings.asl.mergeCodes")}
          hint={t("adminSettings.asl.mergeCodesHint")}
          value={codes}
          onChange={(event) => setCodes(event.target.value)}
          error={errors.get("codici")}
        />
        <TextField
          wrapperClassName="col-md-4"
          label={t("adminSettings.asl.mergeInto")}
          maxLength={120}
          value={into}
          onChange={(event) => setInto(event.target.value)}
          error={errors.get("accorpata_in")}
        />
        <TextField
          wrapperClassName="col-md-4"
          label={t("adminSettings.asl.mergeDate")}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={errors.get("data_effetto")}
        />
      </div>
      <Button type="submit" color="primary" disabled={merge.isPending}>
        {t("adminSettings.asl.mergeSubmit")}
      </Button>
    </form>
  );
}

/** The ASL reference data for administrators: by region, corrections in place, mergers, linked companies. */
export function AslSection() {
  const { t } = useTranslation();
  const list = useAslAdmin();
  const [region, setRegion] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const regions = useMemo(() => [...new Set((list.data ?? []).map((a) => a.regione))].sort(), [list.data]);
  const shown = (list.data ?? []).filter((a) => !region || a.regione === region);
  const editingAsl = shown.find((a) => a.codice_asl === editing) ?? null;
  return (
    <>
      {list.isError ? <FormMessage kind="error">{list.error.message}</FormMessage> : null}
      <SelectField
        label={t("adminSettings.asl.region")}
        value={region}
        onChange={(event) => setRegion(event.target.value)}
        placeholder={t("adminSettings.asl.allRegions")}
        options={regions.map((r) => ({ value: r, label: r }))}
      />
      {editingAsl ? <AslEditForm key={editingAsl.codice_asl} asl={editingAsl} onDone={() => setEditing(null)} /> : null}
      <div className="table-responsive">
        <table className="table cura-stack-table" data-testid="asl-table">
          <caption className="visually-hidden">{t("adminSettings.asl.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("adminSettings.asl.name")}</th>
              <th scope="col">{t("adminSettings.asl.region")}</th>
              <th scope="col">{t("adminSettings.asl.seat")}</th>
              <th scope="col">{t("adminSettings.asl.site")}</th>
              <th scope="col">{t("adminSettings.asl.mergedInto")}</th>
              <th scope="col">{t("adminSettings.asl.companies")}</th>
              <th scope="col">{t("adminSettings.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((asl) => (
              <tr key={asl.codice_asl}>
                <th scope="row">
                  {asl.denominazione}
                  <div className="small fw-normal">
                    {t("adminSettings.asl.code")} {asl.codice_asl}
                  </div>
                </th>
                <td data-label={t("adminSettings.asl.region")}>{asl.regione}</td>
                <td data-label={t("adminSettings.asl.seat")}>
                  {asl.comune_sede ? `${asl.comune_sede} (${asl.provincia_sede ?? ""})` : "—"}
                </td>
                <td data-label={t("adminSettings.asl.site")} className="text-break">
                  {asl.sito_web ? (
                    <a href={asl.sito_web} target="_blank" rel="noreferrer noopener">
                      {asl.sito_web.replace(/^https?:\/\//, "")}
                    </a>
                  ) : (
                    "—"
                  )}
                </td>
                <td data-label={t("adminSettings.asl.mergedInto")}>
                  {asl.accorpata_in ? `${asl.accorpata_in} (${asl.accorpata_dal ?? ""})` : "—"}
                </td>
                <td data-label={t("adminSettings.asl.companies")}>
                  {asl.aziende.length > 0 ? asl.aziende.map((c) => c.name).join(", ") : "—"}
                </td>
                <td>
                  <Button
                    type="button"
                    color="primary"
                    outline
                    size="xs"
                    aria-label={`${t("adminSettings.asl.edit")} ${asl.denominazione}`}
                    onClick={() => setEditing(asl.codice_asl)}
                  >
                    {t("adminSettings.asl.edit")}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="h5 mt-4">{t("adminSettings.asl.mergeTitle")}</h3>
      <MergeForm />
    </>
  );
}
