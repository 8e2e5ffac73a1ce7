import {
  OPERATOR_PERMISSIONS,
  OPERATOR_ROLES,
  type TAdminCompanyDetail,
  type TOperator,
  ZAdminCompanyBody,
} from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { CheckboxField, FormMessage, SelectField } from "../../../ui/form.tsx";
import {
  downloadImportTemplate,
  useAdminCompany,
  useChangeOperatorRole,
  useCompanyOperators,
  useImportHealthServices,
  useRemoveOperator,
  useSendCompanyCode,
  useSetCompanyService,
  useToggleCompany,
  useUpdateCompany,
} from "../api/companies.ts";
import { CompanyFields, readCompanyForm } from "../components/CompanyFields.tsx";

function useFailure() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  return (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
}

/** `/admin/aziende/dettaglio/{company}`: data, status, platform services, operators, code, import. */
export default function AdminCompanyDetailPage() {
  const { t } = useTranslation();
  const { company: hashid = "" } = useParams();
  const company = useAdminCompany(hashid);
  if (company.isPending)
    return (
      <p role="status" className="text-muted">
        {t("common.loading")}
      </p>
    );
  if (company.isError) return <FormMessage kind="error">{company.error.message}</FormMessage>;
  return <CompanyDetail company={company.data} />;
}

function CompanyDetail({ company }: { company: TAdminCompanyDetail }) {
  const { t } = useTranslation();
  return (
    <div>
      <p>
        <Link to="/admin/aziende">{t("adminCompanies.back")}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <h1 className="mb-0">{company.name}</h1>
        <span className={`badge ${company.active ? "bg-success" : "bg-secondary"}`}>
          {t(company.active ? "adminCompanies.status.active" : "adminCompanies.status.disabled")}
        </span>
      </div>
      <p>
        {t("adminCompanies.fields.code")}: <code>{company.code}</code>
      </p>
      <StatusSection company={company} />
      <DataSection company={company} />
      <ServicesSection company={company} />
      <OperatorsSection company={company} />
      <ImportSection company={company} />
    </div>
  );
}

function StatusSection({ company }: { company: TAdminCompanyDetail }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const failed = useFailure();
  const toggle = useToggleCompany(company.hashid);
  const sendCode = useSendCompanyCode(company.hashid);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="mb-5 d-flex flex-wrap gap-2" aria-label={t("adminCompanies.actions")}>
      <Button color={company.active ? "danger" : "success"} outline type="button" onClick={() => setConfirming(true)}>
        {t(company.active ? "adminCompanies.disable" : "adminCompanies.enable")}
      </Button>
      <Button
        color="primary"
        outline
        type="button"
        disabled={sendCode.isPending}
        onClick={() =>
          sendCode.mutate(undefined, { onSuccess: (answer) => alerts.success(answer.message), onError: failed })
        }
      >
        {t("adminCompanies.sendCode")}
      </Button>
      <ConfirmModal
        isOpen={confirming}
        title={t(company.active ? "adminCompanies.disableTitle" : "adminCompanies.enableTitle")}
        confirmLabel={t(company.active ? "adminCompanies.disable" : "adminCompanies.enable")}
        cancelLabel={t("adminCompanies.cancel")}
        busy={toggle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          toggle.mutate(!company.active, {
            onSuccess: (detail) =>
              alerts.success(t(detail.active ? "adminCompanies.enabledDone" : "adminCompanies.disabledDone")),
            onError: failed,
            onSettled: () => setConfirming(false),
          })
        }
      >
        {t(company.active ? "adminCompanies.disableBody" : "adminCompanies.enableBody", { name: company.name })}
      </ConfirmModal>
    </section>
  );
}

function DataSection({ company }: { company: TAdminCompanyDetail }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const update = useUpdateCompany(company.hashid);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZAdminCompanyBody.safeParse(readCompanyForm(event.currentTarget));
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    setErrors(new Map());
    update.mutate(parsed.data, {
      onSuccess: () => alerts.success(t("adminCompanies.saved")),
      onError: (error) => {
        const placed = isApiError(error) ? Object.entries(error.errors) : [];
        if (placed.length > 0) setErrors(new Map(placed.map(([path, messages]) => [path, messages.join(" ")])));
        else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
      },
    });
  };
  return (
    <section className="mb-5" aria-labelledby="company-data-title">
      <h2 id="company-data-title" className="h4">
        {t("adminCompanies.companyData")}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <CompanyFields errors={errors} company={company} />
        <Button type="submit" color="primary" disabled={update.isPending}>
          {t("adminCompanies.save")}
        </Button>
      </form>
    </section>
  );
}

function ServicesSection({ company }: { company: TAdminCompanyDetail }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const failed = useFailure();
  const set = useSetCompanyService(company.hashid);
  const change = (
    service: TAdminCompanyDetail["services"][number],
    key: "active" | "payed_by_company" | "payed_by_citizen",
    value: boolean,
  ) =>
    set.mutate(
      {
        service: service.hashid,
        body: {
          active: service.active,
          payed_by_company: service.payed_by_company,
          payed_by_citizen: service.payed_by_citizen,
          [key]: value,
        },
      },
      { onSuccess: () => alerts.success(t("adminCompanies.serviceSaved", { name: service.name })), onError: failed },
    );
  return (
    <section className="mb-5" aria-labelledby="company-services-title">
      <h2 id="company-services-title" className="h4">
        {t("adminCompanies.services")}
      </h2>
      <div className="table-responsive">
        <table className="table cura-stack-table">
          <thead>
            <tr>
              <th scope="col">{t("adminCompanies.serviceName")}</th>
              <th scope="col">{t("adminCompanies.serviceActive")}</th>
              <th scope="col">{t("adminCompanies.payedByCompany")}</th>
              <th scope="col">{t("adminCompanies.payedByCitizen")}</th>
            </tr>
          </thead>
          <tbody>
            {company.services.map((s) => (
              <tr key={s.position_ref} data-testid="service-row">
                <th scope="row">
                  {s.position_ref}. {s.name}
                </th>
                {(["active", "payed_by_company", "payed_by_citizen"] as const).map((key) => (
                  <td key={key}>
                    <CheckboxField
                      label={t(
                        key === "active"
                          ? "adminCompanies.serviceActiveOf"
                          : key === "payed_by_company"
                            ? "adminCompanies.payedByCompanyOf"
                            : "adminCompanies.payedByCitizenOf",
                        { name: s.name },
                      )}
                      checked={key === "active" ? s.enabled && s.active : s[key]}
                      disabled={set.isPending}
                      onChange={(e) => change(s, key, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const PERMISSIONS = Object.values(OPERATOR_PERMISSIONS);

function OperatorsSection({ company }: { company: TAdminCompanyDetail }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const failed = useFailure();
  const operators = useCompanyOperators(company.hashid);
  const remove = useRemoveOperator();
  const changeRole = useChangeOperatorRole(company.hashid);
  const [toRemove, setToRemove] = useState<TOperator | null>(null);
  const [editing, setEditing] = useState<TOperator | null>(null);
  const [role, setRole] = useState<string>("operatore");
  const [permissions, setPermissions] = useState<Set<string>>(new Set());

  const edit = (operator: TOperator) => {
    setEditing(operator);
    setRole(operator.role);
    setPermissions(new Set(operator.permessi));
  };
  const saveRole = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    changeRole.mutate(
      {
        operator: editing.hashid,
        body: { role: role as (typeof OPERATOR_ROLES)[number], permessi: [...permissions] },
      },
      {
        onSuccess: () => {
          alerts.success(t("adminCompanies.roleSaved"));
          setEditing(null);
        },
        onError: failed,
      },
    );
  };
  const list = operators.data?.data ?? [];
  const who = (o: TOperator) => `${o.surname ?? ""} ${o.name ?? ""}`.trim() || (o.email ?? o.hashid);

  return (
    <section className="mb-5" aria-labelledby="company-operators-title">
      <h2 id="company-operators-title" className="h4">
        {t("adminCompanies.operators")}
      </h2>
      {operators.isError ? <FormMessage kind="error">{operators.error.message}</FormMessage> : null}
      {operators.data && list.length === 0 ? <p>{t("adminCompanies.noOperators")}</p> : null}
      {list.length > 0 ? (
        <div className="table-responsive">
          <table className="table cura-stack-table">
            <thead>
              <tr>
                <th scope="col">{t("adminCompanies.operator")}</th>
                <th scope="col">{t("adminCompanies.fields.email")}</th>
                <th scope="col">{t("adminCompanies.role")}</th>
                <th scope="col">{t("adminCompanies.fields.status")}</th>
                <th scope="col">{t("adminCompanies.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.hashid} data-testid="operator-row">
                  <th scope="row">{who(o)}</th>
                  <td data-label={t("adminCompanies.fields.email")}>{o.email ?? "—"}</td>
                  <td data-label={t("adminCompanies.role")}>{o.role}</td>
                  <td data-label={t("adminCompanies.fields.status")}>
                    {t(`adminCompanies.operatorStatus.${o.status}`)}
                  </td>
                  <td className="d-flex flex-wrap gap-2">
                    <Button color="primary" outline size="xs" type="button" onClick={() => edit(o)}>
                      {t("adminCompanies.changeRole")}
                      <span className="visually-hidden"> {who(o)}</span>
                    </Button>
                    <Button color="danger" outline size="xs" type="button" onClick={() => setToRemove(o)}>
                      {t("adminCompanies.remove")}
                      <span className="visually-hidden"> {who(o)}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing ? (
        <form onSubmit={saveRole} className="border rounded p-3 mb-3" aria-labelledby="role-form-title">
          <h3 id="role-form-title" className="h5">
            {t("adminCompanies.roleOf", { name: who(editing) })}
          </h3>
          <SelectField
            label={t("adminCompanies.role")}
            value={role}
            onChange={(e) => setRole(e.target.value)}
            options={OPERATOR_ROLES.map((r) => ({ value: r, label: r }))}
          />
          <fieldset>
            <legend className="h6">{t("adminCompanies.permissions")}</legend>
            {PERMISSIONS.map((p) => (
              <CheckboxField
                key={p}
                label={p}
                checked={permissions.has(p)}
                onChange={(e) =>
                  setPermissions((current) => {
                    const next = new Set(current);
                    if (e.target.checked) next.add(p);
                    else next.delete(p);
                    return next;
                  })
                }
              />
            ))}
          </fieldset>
          <div className="d-flex gap-2">
            <Button color="primary" type="submit" disabled={changeRole.isPending}>
              {t("adminCompanies.save")}
            </Button>
            <Button color="secondary" outline type="button" onClick={() => setEditing(null)}>
              {t("adminCompanies.cancel")}
            </Button>
          </div>
        </form>
      ) : null}
      <ConfirmModal
        isOpen={toRemove !== null}
        title={t("adminCompanies.removeTitle")}
        confirmLabel={t("adminCompanies.remove")}
        cancelLabel={t("adminCompanies.cancel")}
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (!toRemove) return;
          remove.mutate(toRemove.hashid, {
            onSuccess: (answer) => alerts.success(answer.message),
            onError: failed,
            onSettled: () => setToRemove(null),
          });
        }}
      >
        {toRemove ? t("adminCompanies.removeBody", { name: who(toRemove), company: company.name }) : null}
      </ConfirmModal>
    </section>
  );
}

function ImportSection({ company }: { company: TAdminCompanyDetail }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const failed = useFailure();
  const importer = useImportHealthServices(company.hashid);
  const [problems, setProblems] = useState<string[]>([]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    if (!file) {
      setProblems([t("adminCompanies.importChoose")]);
      return;
    }
    setProblems([]);
    importer.mutate(file, {
      onSuccess: (answer) => {
        alerts.success(answer.message);
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error) && error.errors.file) setProblems([error.message, ...error.errors.file]);
        else failed(error);
      },
    });
  };
  return (
    <section className="mb-5" aria-labelledby="company-import-title">
      <h2 id="company-import-title" className="h4">
        {t("adminCompanies.import")}
      </h2>
      <p>{t("adminCompanies.importHint")}</p>
      <p>
        <Button
          color="primary"
          outline
          size="sm"
          type="button"
          onClick={() => void downloadImportTemplate().catch(failed)}
        >
          {t("adminCompanies.template")}
        </Button>
      </p>
      <form onSubmit={onSubmit} noValidate>
        <div className="form-group">
          <label htmlFor="import-file" className="active">
            {t("adminCompanies.importFile")}
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            className="form-control"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={problems.length > 0 ? "import-problems" : undefined}
          />
        </div>
        {problems.length > 0 ? (
          <div id="import-problems" className="alert alert-danger" role="alert">
            <p className="mb-1">{problems[0]}</p>
            {problems.length > 1 ? (
              <ul className="mb-0">
                {problems.slice(1).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" color="primary" disabled={importer.isPending}>
          {t("adminCompanies.importSubmit")}
        </Button>
      </form>
    </section>
  );
}
