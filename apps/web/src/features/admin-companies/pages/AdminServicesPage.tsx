import { PLATFORM_SERVICES, type TAdminPlatformService, ZAdminPlatformServiceBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { ExamsSection } from "../../admin-catalogue/components/ExamsSection.tsx";
import { FdsSection } from "../../admin-catalogue/components/FdsSection.tsx";
import {
  type HealthServicesQuery,
  useAllHealthServices,
  usePlatformServices,
  useUpdatePlatformService,
} from "../api/services.ts";

/** `/admin/servizi`: the platform services (refs 1–12) and every company's health services. */
export default function AdminServicesPage() {
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="mb-4">{t("adminServices.title")}</h1>
      <PlatformServices />
      <HealthServices />
      <ExamsSection />
      <FdsSection />
    </div>
  );
}

function PlatformServices() {
  const { t } = useTranslation();
  const services = usePlatformServices();
  const [editing, setEditing] = useState<TAdminPlatformService | null>(null);
  return (
    <section className="mb-5" aria-labelledby="platform-services-title">
      <h2 id="platform-services-title" className="h4">
        {t("adminServices.platform")}
      </h2>
      {services.isError ? <FormMessage kind="error">{services.error.message}</FormMessage> : null}
      {services.data ? (
        <div className="table-responsive">
          <table className="table cura-stack-table">
            <thead>
              <tr>
                <th scope="col">{t("adminServices.ref")}</th>
                <th scope="col">{t("adminServices.name")}</th>
                <th scope="col">{t("adminServices.description")}</th>
                <th scope="col">{t("adminServices.state")}</th>
                <th scope="col">{t("adminServices.companies")}</th>
                <th scope="col">{t("adminServices.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {services.data.map((s) => (
                <tr key={s.position_ref} data-testid="platform-service-row">
                  <td data-label={t("adminServices.ref")}>{s.position_ref}</td>
                  <th scope="row">{s.name}</th>
                  <td data-label={t("adminServices.description")}>{s.description ?? "—"}</td>
                  <td data-label={t("adminServices.state")}>
                    {t(s.enabled ? "adminServices.enabled" : "adminServices.disabled")}
                  </td>
                  <td data-label={t("adminServices.companies")}>{s.companies}</td>
                  <td>
                    <Button color="primary" outline size="xs" type="button" onClick={() => setEditing(s)}>
                      {t("adminServices.edit")}
                      <span className="visually-hidden"> {s.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing ? <EditForm key={editing.hashid} service={editing} onDone={() => setEditing(null)} /> : null}
    </section>
  );
}

function EditForm({ service, onDone }: { service: TAdminPlatformService; onDone: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const update = useUpdatePlatformService();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = ZAdminPlatformServiceBody.safeParse({
      name: String(data.get("name") ?? ""),
      description: String(data.get("description") ?? ""),
      enabled: data.get("enabled") === "on",
    });
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    update.mutate(
      { hashid: service.hashid, body: parsed.data },
      {
        onSuccess: () => {
          alerts.success(t("adminServices.saved"));
          onDone();
        },
        onError: (error) => {
          const placed = isApiError(error) ? Object.entries(error.errors) : [];
          if (placed.length > 0) setErrors(new Map(placed.map(([path, messages]) => [path, messages.join(" ")])));
          else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="border rounded p-3" aria-labelledby="service-form-title">
      <h3 id="service-form-title" className="h5">
        {t("adminServices.editTitle", { ref: service.position_ref })}
      </h3>
      <TextField name="name" label={t("adminServices.name")} defaultValue={service.name} error={errors.get("name")} />
      <TextField
        name="description"
        label={t("adminServices.description")}
        defaultValue={service.description ?? ""}
        error={errors.get("description")}
      />
      <CheckboxField name="enabled" label={t("adminServices.enabledLabel")} defaultChecked={service.enabled} />
      <div className="d-flex gap-2 mt-3">
        <Button color="primary" type="submit" disabled={update.isPending}>
          {t("adminServices.save")}
        </Button>
        <Button color="secondary" outline type="button" onClick={onDone}>
          {t("adminServices.cancel")}
        </Button>
      </div>
    </form>
  );
}

const EMPTY: HealthServicesQuery = { q: "", position_ref: "", active: "", page: 1 };

function HealthServices() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY);
  const [query, setQuery] = useState(EMPTY);
  const services = useAllHealthServices(query);
  const meta = services.data?.meta;
  const rows = services.data?.data ?? [];
  return (
    <section aria-labelledby="health-services-title">
      <h2 id="health-services-title" className="h4">
        {t("adminServices.health")}
      </h2>
      <form
        className="row align-items-end"
        aria-label={t("adminServices.filters")}
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...draft, q: draft.q.trim(), page: 1 });
        }}
      >
        <TextField
          wrapperClassName="col-md-4"
          type="search"
          label={t("adminServices.search")}
          value={draft.q}
          onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
        />
        <SelectField
          wrapperClassName="col-md-4"
          label={t("adminServices.platformService")}
          value={draft.position_ref}
          onChange={(e) => setDraft((d) => ({ ...d, position_ref: e.target.value }))}
          options={[
            { value: "", label: t("adminServices.any") },
            ...Object.entries(PLATFORM_SERVICES).map(([value, label]) => ({ value, label })),
          ]}
        />
        <SelectField
          wrapperClassName="col-md-2"
          label={t("adminServices.state")}
          value={draft.active}
          onChange={(e) => setDraft((d) => ({ ...d, active: e.target.value }))}
          options={[
            { value: "", label: t("adminServices.any") },
            { value: "true", label: t("adminServices.active") },
            { value: "false", label: t("adminServices.inactive") },
          ]}
        />
        <div className="col-md-2 mb-4">
          <Button color="primary" type="submit">
            {t("adminServices.apply")}
          </Button>
        </div>
      </form>
      {services.isError ? <FormMessage kind="error">{services.error.message}</FormMessage> : null}
      {services.data && rows.length === 0 ? <p>{t("adminServices.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <table className="table cura-stack-table">
            <caption className="visually-hidden">{t("adminServices.caption", { total: meta?.total ?? 0 })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("adminServices.name")}</th>
                <th scope="col">{t("adminServices.company")}</th>
                <th scope="col">{t("adminServices.platformService")}</th>
                <th scope="col">{t("adminServices.minutes")}</th>
                <th scope="col">{t("adminServices.price")}</th>
                <th scope="col">{t("adminServices.state")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.hashid} data-testid="health-service-row">
                  <th scope="row">{s.name}</th>
                  <td data-label={t("adminServices.company")}>
                    <Link to={`/admin/aziende/dettaglio/${s.company.hashid}`}>{s.company.name}</Link>
                  </td>
                  <td data-label={t("adminServices.platformService")}>
                    {PLATFORM_SERVICES[s.position_ref as keyof typeof PLATFORM_SERVICES] ?? s.position_ref}
                  </td>
                  <td data-label={t("adminServices.minutes")}>{s.slot_minutes}</td>
                  <td data-label={t("adminServices.price")}>
                    {s.price === null ? "—" : s.price.toLocaleString("it-IT", { style: "currency", currency: "EUR" })}
                  </td>
                  <td data-label={t("adminServices.state")}>
                    {t(s.active ? "adminServices.active" : "adminServices.inactive")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {meta ? (
        <Pager
          page={query.page}
          perPage={meta.per_page}
          total={meta.total}
          onPage={(page) => setQuery((q) => ({ ...q, page }))}
          label={t("adminServices.pagination")}
        />
      ) : null}
    </section>
  );
}
