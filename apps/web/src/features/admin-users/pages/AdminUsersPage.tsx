import {
  ADMIN_USER_STATUSES,
  ADMIN_USERS_MESSAGES,
  ADMIN_USERS_SEARCH_MIN,
  type TAdminUser,
  USER_TYPES,
} from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { SelectField, TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import {
  downloadExport,
  type UsersFilters,
  useAdminUsers,
  useCompanyChoices,
  useDeleteUser,
  useSendWelcome,
  useSetSuspension,
} from "../api/users.ts";
import { AnagraficaModal, AssignCompanyModal, SuspendModal } from "../components/UserActionModals.tsx";
import { UsersTable } from "../components/UsersTable.tsx";
import { personName } from "../format.ts";

type Pending = { kind: "enable" | "delete" | "welcome"; user: TAdminUser } | null;

const FILTER_KEYS = ["q", "type", "status", "company", "registered_from", "registered_to"] as const;

/**
 * /admin/utenti (spec 002 §2 `utenti`): every account, searched by name, tax code or e-mail and
 * filtered by type, status, company and registration date; its XLS export; and the actions on an
 * account, each confirmed first: personal record, suspension (until a date, with a reason) and
 * re-enabling, welcome e-mail, company of an operator, deletion.
 */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { user: me } = useSession();
  const [filters, setFilters] = useState<UsersFilters>({});
  const [page, setPage] = useState(1);
  const [qError, setQError] = useState<string | undefined>(undefined);
  const list = useAdminUsers(filters, page);
  const companies = useCompanyChoices("");
  const [pending, setPending] = useState<Pending>(null);
  const [suspending, setSuspending] = useState<TAdminUser | null>(null);
  const [assigning, setAssigning] = useState<TAdminUser | null>(null);
  const [editing, setEditing] = useState<TAdminUser | null>(null);
  const [exporting, setExporting] = useState(false);
  const suspension = useSetSuspension();
  const remove = useDeleteUser();
  const welcome = useSendWelcome();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string | number> = {};
    for (const key of FILTER_KEYS) {
      const value = String(data.get(key) ?? "").trim();
      if (value) next[key] = key === "type" ? Number(value) : value;
    }
    // The server asks for 3 characters too (a trigram index serves no fewer): say it by the field.
    const q = String(next.q ?? "");
    if (q.length > 0 && q.length < ADMIN_USERS_SEARCH_MIN) {
      setQError(ADMIN_USERS_MESSAGES.searchTooShort);
      return;
    }
    setQError(undefined);
    setFilters(next as UsersFilters);
    setPage(1);
  };
  const onReset = () => {
    setQError(undefined);
    setFilters({});
    setPage(1);
  };

  const failed = (error: unknown, fallback: string) => alerts.error(isApiError(error) ? error.message : fallback);
  const confirm = () => {
    if (!pending) return;
    const { kind, user } = pending;
    const done = (message: string) => {
      setPending(null);
      alerts.success(message);
    };
    if (kind === "enable") {
      suspension.mutate(
        { hashid: user.hashid, body: { suspended: false } },
        {
          onSuccess: () => done(t("adminUsers.enable.done", { name: personName(user) })),
          onError: () => {
            setPending(null);
            alerts.error(ADMIN_USERS_MESSAGES.enableFailed);
          },
        },
      );
    } else if (kind === "delete") {
      remove.mutate(user.hashid, {
        onSuccess: () => done(ADMIN_USERS_MESSAGES.deleted),
        onError: (error) => {
          setPending(null);
          failed(error, t("adminUsers.errors.generic"));
        },
      });
    } else {
      welcome.mutate(user.hashid, {
        onSuccess: () => done(ADMIN_USERS_MESSAGES.welcomeSent),
        onError: (error) => {
          setPending(null);
          failed(error, t("adminUsers.errors.generic"));
        },
      });
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadExport("users/registrati/export/xls", { ...filters }, "utenti.xlsx");
    } catch (error) {
      failed(error, t("adminUsers.errors.export"));
    } finally {
      setExporting(false);
    }
  };

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const isSelf = (user: TAdminUser) => me?.hashid === user.hashid;
  const actions = (user: TAdminUser) => {
    const name = personName(user);
    return (
      <div className="d-flex flex-wrap gap-1">
        <RowAction label={t("adminUsers.actions.editFor", { name })} onClick={() => setEditing(user)}>
          {t("adminUsers.actions.edit")}
        </RowAction>
        {user.status === "attivo" ? (
          user.type !== USER_TYPES.admin ? (
            <RowAction label={t("adminUsers.actions.suspendFor", { name })} onClick={() => setSuspending(user)}>
              {t("adminUsers.actions.suspend")}
            </RowAction>
          ) : null
        ) : (
          <RowAction
            label={t("adminUsers.actions.enableFor", { name })}
            onClick={() => setPending({ kind: "enable", user })}
          >
            {t("adminUsers.actions.enable")}
          </RowAction>
        )}
        {user.email && user.status === "attivo" ? (
          <RowAction
            label={t("adminUsers.actions.welcomeFor", { name })}
            onClick={() => setPending({ kind: "welcome", user })}
          >
            {t("adminUsers.actions.welcome")}
          </RowAction>
        ) : null}
        {user.type === USER_TYPES.operator ? (
          <RowAction label={t("adminUsers.actions.assignFor", { name })} onClick={() => setAssigning(user)}>
            {t("adminUsers.actions.assign")}
          </RowAction>
        ) : null}
        {isSelf(user) ? null : (
          <RowAction
            danger
            label={t("adminUsers.actions.deleteFor", { name })}
            onClick={() => setPending({ kind: "delete", user })}
          >
            {t("adminUsers.actions.delete")}
          </RowAction>
        )}
      </div>
    );
  };

  const pendingName = pending ? personName(pending.user) : "";
  return (
    <div>
      <h1 className="mb-4">{t("adminDashboard.menu.users")}</h1>
      <form onSubmit={onSearch} onReset={onReset} aria-labelledby="admin-users-search" className="mb-4">
        <h2 id="admin-users-search" className="h5">
          {t("adminUsers.filters.title")}
        </h2>
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            name="q"
            type="search"
            maxLength={100}
            label={t("adminUsers.filters.q")}
            hint={t("adminUsers.filters.qHint")}
            error={qError}
          />
          <SelectField
            wrapperClassName="col-md-3"
            name="type"
            label={t("adminUsers.filters.type")}
            placeholder={t("adminUsers.filters.any")}
            options={[0, 1, 2].map((type) => ({
              value: String(type),
              label: t(`adminUsers.types.${type as 0 | 1 | 2}`),
            }))}
          />
          <SelectField
            wrapperClassName="col-md-3"
            name="status"
            label={t("adminUsers.filters.status")}
            placeholder={t("adminUsers.filters.any")}
            options={ADMIN_USER_STATUSES.map((status) => ({
              value: status,
              label: t(`adminUsers.statuses.${status}`),
            }))}
          />
          <SelectField
            wrapperClassName="col-md-6"
            name="company"
            label={t("adminUsers.filters.company")}
            placeholder={t("adminUsers.filters.any")}
            options={(companies.data?.data ?? []).map((c) => ({ value: c.hashid, label: c.name }))}
          />
          <TextField
            wrapperClassName="col-md-3"
            name="registered_from"
            type="date"
            label={t("adminUsers.filters.from")}
          />
          <TextField wrapperClassName="col-md-3" name="registered_to" type="date" label={t("adminUsers.filters.to")} />
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" color="primary">
            {t("adminUsers.filters.search")}
          </Button>
          <Button type="reset" color="secondary" outline>
            {t("adminUsers.filters.reset")}
          </Button>
          <Button type="button" color="primary" outline onClick={onExport} disabled={exporting}>
            {t("adminUsers.export")}
          </Button>
        </div>
      </form>

      <section aria-labelledby="admin-users-results">
        <h2 id="admin-users-results" className="h5">
          {meta
            ? meta.total_capped
              ? t("adminUsers.resultsCapped", { total: meta.total.toLocaleString("it-IT") })
              : t("adminUsers.results", { count: meta.total })
            : t("adminUsers.loading")}
        </h2>
        {list.isError ? (
          <div className="alert alert-danger" role="alert">
            {isApiError(list.error) ? list.error.message : t("adminUsers.errors.generic")}
          </div>
        ) : null}
        {rows.length > 0 ? (
          <UsersTable users={rows} caption={t("adminUsers.caption")} actions={actions} />
        ) : list.isSuccess ? (
          <p>{t("adminUsers.empty")}</p>
        ) : null}
        {meta ? (
          <Pager
            page={meta.page}
            perPage={meta.per_page}
            total={meta.total}
            onPage={setPage}
            label={t("adminUsers.pagination")}
            // Past the cap the total is a floor, not a count: the heading says "more than".
            withTotal={!meta.total_capped}
          />
        ) : null}
      </section>

      <ConfirmModal
        isOpen={pending !== null}
        title={pending ? t(`adminUsers.confirm.${pending.kind}.title`, { name: pendingName }) : ""}
        confirmLabel={pending ? t(`adminUsers.confirm.${pending.kind}.confirm`) : ""}
        cancelLabel={t("adminUsers.actions.cancel")}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        busy={suspension.isPending || remove.isPending || welcome.isPending}
      >
        {pending ? <p className="mb-0">{t(`adminUsers.confirm.${pending.kind}.text`, { name: pendingName })}</p> : null}
      </ConfirmModal>
      <SuspendModal user={suspending} onClose={() => setSuspending(null)} onDone={(m) => alerts.success(m)} />
      <AssignCompanyModal user={assigning} onClose={() => setAssigning(null)} onDone={(m) => alerts.success(m)} />
      <AnagraficaModal user={editing} onClose={() => setEditing(null)} onDone={(m) => alerts.success(m)} />
    </div>
  );
}
