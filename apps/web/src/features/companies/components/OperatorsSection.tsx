import {
  COMPANY_MESSAGES,
  OPERATOR_PERMISSIONS,
  OPERATOR_ROLES,
  type OperatorRole,
  type TOperator,
  ZCompanyCodeSendBody,
} from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { CheckboxField, FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import {
  useChangeOperatorStatus,
  useDecideOperatorRequest,
  useOperators,
  useSendCompanyCode,
  useUpdateOperatorRole,
} from "../api/operators.ts";
import { messageOf } from "./errors.ts";
import { Loading } from "./Loading.tsx";

const PERMISSIONS = Object.values(OPERATOR_PERMISSIONS);

const displayName = (o: TOperator) => [o.name, o.surname].filter(Boolean).join(" ") || o.email || o.hashid;

/**
 * The company's operators: enable/suspend, role and permission strings, and the company code. Those
 * who registered with the code come first, pending: "Abilita" or "Rifiuta", each confirmed.
 */
export function OperatorsSection({ company }: { company: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const operators = useOperators();
  const status = useChangeOperatorStatus();
  const [editing, setEditing] = useState<TOperator | null>(null);
  const [deciding, setDeciding] = useState<{ operator: TOperator; decision: "enable" | "refuse" } | null>(null);

  return (
    <div>
      <section aria-labelledby="operators-title">
        <h2 id="operators-title" className="h3">
          {t("companies.operators.title")}
        </h2>
        {operators.isPending ? <Loading /> : null}
        {operators.isError ? <FormMessage kind="error">{operators.error.message}</FormMessage> : null}
        <p>{t("companies.operators.pendingHint")}</p>
        {operators.data && operators.data.length > 0 ? (
          <table className="table cura-stack-table" data-testid="operators">
            <caption className="visually-hidden">{t("companies.operators.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("companies.operators.name")}</th>
                <th scope="col">{t("companies.operators.email")}</th>
                <th scope="col">{t("companies.operators.role")}</th>
                <th scope="col">{t("companies.operators.status")}</th>
                <th scope="col">{t("companies.healthServices.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {operators.data.map((o) => {
                const name = displayName(o);
                const enabled = o.status === "enabled";
                if (o.status === "pending") {
                  return (
                    <tr key={o.hashid} data-testid="operator-pending">
                      <th scope="row">{name}</th>
                      <td data-label={t("companies.operators.email")}>{o.email}</td>
                      <td data-label={t("companies.operators.role")}>{o.role}</td>
                      <td data-label={t("companies.operators.status")}>
                        <span className="badge bg-warning text-dark">{t("companies.operators.pending")}</span>
                      </td>
                      <td className="d-flex flex-wrap gap-2">
                        <RowAction
                          label={t("companies.operators.enableOf", { name })}
                          onClick={() => setDeciding({ operator: o, decision: "enable" })}
                        >
                          {t("companies.operators.enable")}
                        </RowAction>
                        <RowAction
                          danger
                          label={t("companies.operators.refuseOf", { name })}
                          onClick={() => setDeciding({ operator: o, decision: "refuse" })}
                        >
                          {t("companies.operators.refuse")}
                        </RowAction>
                      </td>
                    </tr>
                  );
                }
                return (
                  <tr key={o.hashid}>
                    <th scope="row">{name}</th>
                    <td data-label={t("companies.operators.email")}>{o.email}</td>
                    <td data-label={t("companies.operators.role")}>{o.role}</td>
                    <td data-label={t("companies.operators.status")}>
                      {enabled ? t("companies.operators.enabled") : t("companies.operators.suspended")}
                    </td>
                    <td className="d-flex flex-wrap gap-2">
                      {o.is_self ? null : (
                        <Button
                          type="button"
                          size="xs"
                          color={enabled ? "danger" : "success"}
                          outline
                          disabled={status.isPending}
                          aria-label={t(enabled ? "companies.operators.suspendOf" : "companies.operators.enableOf", {
                            name,
                          })}
                          onClick={() =>
                            status.mutate(
                              { hash: o.hashid, status: !enabled },
                              {
                                onSuccess: () => alerts.success(COMPANY_MESSAGES.dataUpdated),
                                onError: (error) => alerts.error(messageOf(error)),
                              },
                            )
                          }
                        >
                          {enabled ? t("companies.operators.suspend") : t("companies.operators.enable")}
                        </Button>
                      )}
                      <RowAction label={t("companies.operators.editOf", { name })} onClick={() => setEditing(o)}>
                        {t("companies.operators.editRole")}
                      </RowAction>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </section>
      {editing ? <RoleModal operator={editing} onClose={() => setEditing(null)} /> : null}
      <DecisionModal request={deciding} onClose={() => setDeciding(null)} />
      <SendCodeForm company={company} />
    </div>
  );
}

/** The confirmation of an answer to a request to join: enabling opens the company's data to them. */
function DecisionModal({
  request,
  onClose,
}: {
  request: { operator: TOperator; decision: "enable" | "refuse" } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const decide = useDecideOperatorRequest();
  // Kept while the modal closes, so its text does not vanish during the transition.
  const [shown, setShown] = useState(request);
  if (request && request !== shown) setShown(request);
  const current = request ?? shown;
  const name = current ? displayName(current.operator) : "";
  const values = { name, email: current?.operator.email ?? "" };
  const enable = current?.decision === "enable";

  const confirm = () => {
    if (!current) return;
    decide.mutate(
      { hash: current.operator.hashid, decision: current.decision },
      {
        onSuccess: () => {
          alerts.success(enable ? COMPANY_MESSAGES.operatorEnabled : COMPANY_MESSAGES.operatorRequestRefused);
          onClose();
        },
        onError: (error) => {
          alerts.error(messageOf(error));
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmModal
      isOpen={request !== null}
      title={t(enable ? "companies.operators.enableTitle" : "companies.operators.refuseTitle", values)}
      confirmLabel={enable ? t("companies.operators.enable") : t("companies.operators.refuse")}
      cancelLabel={t("companies.actions.cancel")}
      busy={decide.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <p className="mb-0">{t(enable ? "companies.operators.enableBody" : "companies.operators.refuseBody", values)}</p>
    </ConfirmModal>
  );
}

function RoleModal({ operator, onClose }: { operator: TOperator; onClose: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const titleId = useId();
  const update = useUpdateOperatorRole();
  const [role, setRole] = useState<string>(operator.role);
  const [permessi, setPermessi] = useState<string[]>(operator.permessi);
  const [error, setError] = useState<string | null>(null);
  const roles = OPERATOR_ROLES as readonly string[];

  const submit = () =>
    update.mutate(
      { operator: operator.hashid, role: role as OperatorRole, permessi },
      {
        onSuccess: () => {
          alerts.success(COMPANY_MESSAGES.dataUpdated);
          onClose();
        },
        onError: (e) => setError(messageOf(e)),
      },
    );

  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} centered trapFocus returnFocusAfterClose>
      <ModalHeader id={titleId} tag="h2">
        {t("companies.operators.roleTitle", { name: displayName(operator) })}
      </ModalHeader>
      <ModalBody>
        <SelectField
          label={t("companies.operators.role")}
          value={role}
          onChange={(e) => setRole(e.target.value)}
          options={[
            ...(roles.includes(role) ? [] : [{ value: role, label: role }]),
            ...roles.map((r) => ({ value: r, label: r })),
          ]}
        />
        <fieldset>
          <legend className="h6 fw-semibold">{t("companies.operators.permissions")}</legend>
          {PERMISSIONS.map((p) => (
            <CheckboxField
              key={p}
              label={p}
              checked={permessi.includes(p)}
              onChange={(e) => setPermessi((list) => (e.target.checked ? [...list, p] : list.filter((x) => x !== p)))}
            />
          ))}
        </fieldset>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      </ModalBody>
      <ModalFooter>
        <Button type="button" color="secondary" outline onClick={onClose} disabled={update.isPending}>
          {t("companies.actions.cancel")}
        </Button>
        <Button type="button" color="primary" onClick={submit} disabled={update.isPending}>
          {t("companies.actions.save")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

function SendCodeForm({ company }: { company: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const send = useSendCompanyCode();
  const form = useAppForm<{ email: string }>({
    defaultValues: { email: "" },
    resolver: schemaResolver(ZCompanyCodeSendBody, (v) => ({ email: v.email.trim() })),
  });
  const onSubmit = form.handleSubmit((values) =>
    send.mutate(
      { company, email: values.email.trim() },
      {
        onSuccess: () => {
          alerts.success(COMPANY_MESSAGES.companyCodeSent);
          form.reset();
        },
        onError: (error) => {
          if (setServerErrors(error, form.setError, ["email"]).placed === 0) alerts.error(messageOf(error));
        },
      },
    ),
  );
  return (
    <section aria-labelledby="send-code-title" className="mt-5">
      <h2 id="send-code-title" className="h3">
        {t("companies.operators.sendCodeTitle")}
      </h2>
      <p>{t("companies.operators.sendCodeHint")}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          type="email"
          autoComplete="off"
          label={t("companies.operators.sendCodeEmail")}
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <Button type="submit" color="primary" disabled={send.isPending}>
          {t("companies.operators.sendCode")}
        </Button>
      </form>
    </section>
  );
}
