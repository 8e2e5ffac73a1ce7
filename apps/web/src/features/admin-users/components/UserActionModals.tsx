import { ADMIN_USERS_MESSAGES, type TAdminUser, type TAnagraficaFields, ZAnagraficaFields } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { SelectField, TextField } from "../../../ui/form.tsx";
import {
  useAssignCompany,
  useCompanyChoices,
  useSetSuspension,
  useUpdateAnagrafica,
  useUserRecord,
} from "../api/users.ts";
import { personName } from "../format.ts";

/** The server's field errors as a map, or its message under `_`. */
function errorsOf(error: unknown, fallback: string): Map<string, string> {
  if (!isApiError(error)) return new Map([["_", fallback]]);
  const placed = Object.entries(error.errors).map(([path, messages]) => [path, messages.join(" ")] as [string, string]);
  return placed.length > 0 ? new Map(placed) : new Map([["_", error.message]]);
}

function FrameModal({
  isOpen,
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  formError,
  children,
}: {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busy: boolean;
  formError?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal isOpen={isOpen} toggle={onClose} labelledBy={titleId} centered trapFocus returnFocusAfterClose size="lg">
      <form onSubmit={onSubmit} noValidate>
        <ModalHeader id={titleId} tag="h2">
          {title}
        </ModalHeader>
        <ModalBody>
          {children}
          {formError ? (
            <div className="alert alert-danger mb-0" role="alert">
              {formError}
            </div>
          ) : null}
        </ModalBody>
        <ModalFooter>
          <Button color="secondary" outline type="button" onClick={onClose} disabled={busy}>
            {t("adminUsers.actions.cancel")}
          </Button>
          <Button color="primary" type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

/** Suspension, optionally until a date and time, with its reason. */
export function SuspendModal({
  user,
  onClose,
  onDone,
}: {
  user: TAdminUser | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useSetSuspension();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const close = () => {
    setErrors(new Map());
    onClose();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    const data = new FormData(event.currentTarget);
    const until = String(data.get("until") ?? "");
    const reason = String(data.get("reason") ?? "").trim();
    const next = new Map<string, string>();
    if (!reason) next.set("reason", t("adminUsers.suspend.reasonRequired"));
    if (until && !(new Date(until).getTime() > Date.now())) next.set("until", t("adminUsers.suspend.untilFuture"));
    setErrors(next);
    if (next.size > 0) return;
    mutation.mutate(
      {
        hashid: user.hashid,
        body: { suspended: true, reason, ...(until ? { until: new Date(until).toISOString() } : {}) },
      },
      {
        onSuccess: () => {
          close();
          onDone(t("adminUsers.suspend.done", { name: personName(user) }));
        },
        onError: (error) => setErrors(errorsOf(error, ADMIN_USERS_MESSAGES.enableFailed)),
      },
    );
  };
  return (
    <FrameModal
      isOpen={user !== null}
      title={t("adminUsers.suspend.title", { name: user ? personName(user) : "" })}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel={t("adminUsers.suspend.confirm")}
      busy={mutation.isPending}
      formError={errors.get("_")}
    >
      <p>{t("adminUsers.suspend.intro")}</p>
      <TextField name="reason" maxLength={500} label={t("adminUsers.suspend.reason")} error={errors.get("reason")} />
      <TextField
        name="until"
        type="datetime-local"
        label={t("adminUsers.suspend.until")}
        hint={t("adminUsers.suspend.untilHint")}
        error={errors.get("until")}
      />
    </FrameModal>
  );
}

/** An operator joins a company chosen by name. */
export function AssignCompanyModal({
  user,
  onClose,
  onDone,
}: {
  user: TAdminUser | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const choices = useCompanyChoices(search);
  const mutation = useAssignCompany();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const close = () => {
    setErrors(new Map());
    onClose();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return;
    const companyId = String(new FormData(event.currentTarget).get("company_id") ?? "");
    if (!companyId) {
      setErrors(new Map([["company_id", t("adminUsers.assign.required")]]));
      return;
    }
    mutation.mutate(
      { hashid: user.hashid, companyId },
      {
        onSuccess: () => {
          close();
          onDone(ADMIN_USERS_MESSAGES.assigned);
        },
        onError: (error) => setErrors(errorsOf(error, t("adminUsers.errors.generic"))),
      },
    );
  };
  const options = (choices.data?.data ?? []).map((c) => ({
    value: c.hashid,
    label: c.comune ? `${c.name} (${c.comune})` : c.name,
  }));
  return (
    <FrameModal
      isOpen={user !== null}
      title={t("adminUsers.assign.title", { name: user ? personName(user) : "" })}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel={t("adminUsers.assign.confirm")}
      busy={mutation.isPending}
      formError={errors.get("_") ?? errors.get("id")}
    >
      <TextField
        name="company_search"
        type="search"
        label={t("adminUsers.assign.search")}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <SelectField
        name="company_id"
        label={t("adminUsers.assign.company")}
        placeholder={t("adminUsers.assign.choose")}
        options={options}
        error={errors.get("company_id")}
      />
    </FrameModal>
  );
}

const EDITABLE = [
  "name",
  "surname",
  "cf",
  "birthday",
  "prefix",
  "tel_number",
  "regione",
  "provincia",
  "comune",
  "cap",
  "address",
] as const;

/** The personal record, under the same rules as the person's own profile (the server's 422 under its field). */
export function AnagraficaModal({
  user,
  onClose,
  onDone,
}: {
  user: TAdminUser | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const record = useUserRecord(user?.hashid ?? null);
  const mutation = useUpdateAnagrafica();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const close = () => {
    setErrors(new Map());
    onClose();
  };
  const current = record.data?.anagrafica ?? null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || !current) return;
    const data = new FormData(event.currentTarget);
    const edited = Object.fromEntries(EDITABLE.map((key) => [key, String(data.get(key) ?? "").trim() || null]));
    const parsed = ZAnagraficaFields.safeParse({
      ...current,
      ...edited,
      name: edited.name ?? "",
      surname: edited.surname ?? "",
    });
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    setErrors(new Map());
    mutation.mutate(
      { hashid: user.hashid, fields: parsed.data as TAnagraficaFields },
      {
        onSuccess: () => {
          close();
          onDone(t("adminUsers.anagrafica.saved"));
        },
        onError: (error) => {
          const next = errorsOf(error, t("adminUsers.errors.generic"));
          // A rule on a field this form does not show (e.g. the professional register) goes above the buttons.
          const hidden = [...next.entries()].filter(([key]) => key !== "_" && !EDITABLE.includes(key as never));
          if (hidden.length > 0) next.set("_", hidden.map(([key, message]) => `${key}: ${message}`).join(" "));
          setErrors(next);
        },
      },
    );
  };
  return (
    <FrameModal
      isOpen={user !== null}
      title={t("adminUsers.anagrafica.title", { name: user ? personName(user) : "" })}
      onClose={close}
      onSubmit={onSubmit}
      submitLabel={t("adminUsers.anagrafica.save")}
      busy={mutation.isPending || !current}
      formError={errors.get("_")}
    >
      {record.isPending ? <p>{t("adminUsers.loading")}</p> : null}
      {record.isSuccess && !current ? <p>{t("adminUsers.anagrafica.none")}</p> : null}
      {current ? (
        <div className="row" key={user?.hashid}>
          {EDITABLE.map((key) => (
            <TextField
              key={key}
              wrapperClassName="col-md-6"
              name={key}
              type={key === "birthday" ? "date" : "text"}
              defaultValue={(current[key] as string | null) ?? ""}
              label={t(`adminUsers.anagrafica.fields.${key}`)}
              error={errors.get(key)}
            />
          ))}
        </div>
      ) : null}
    </FrameModal>
  );
}
