import type { TAdminUser } from "@cura/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { personName, shortDateTime } from "../format.ts";

/** Accounts as a table, a card per account on a phone (cura-stack-table); `actions` adds a last column. */
export function UsersTable({
  users,
  caption,
  actions,
}: {
  users: readonly TAdminUser[];
  caption: string;
  actions?: (user: TAdminUser) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle cura-stack-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("adminUsers.table.name")}</th>
            <th scope="col">{t("adminUsers.table.cf")}</th>
            <th scope="col">{t("adminUsers.table.email")}</th>
            <th scope="col">{t("adminUsers.table.type")}</th>
            <th scope="col">{t("adminUsers.table.status")}</th>
            <th scope="col">{t("adminUsers.table.company")}</th>
            <th scope="col">{t("adminUsers.table.registered")}</th>
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">{t("adminUsers.table.actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.hashid}>
              <th scope="row">{personName(user)}</th>
              <td data-label={t("adminUsers.table.cf")}>{user.cf ?? "—"}</td>
              <td data-label={t("adminUsers.table.email")} className="text-break">
                {user.email ?? "—"}
              </td>
              <td data-label={t("adminUsers.table.type")}>{t(`adminUsers.types.${user.type as 0 | 1 | 2}`)}</td>
              <td data-label={t("adminUsers.table.status")}>
                <span className={`badge ${user.status === "attivo" ? "bg-success" : "bg-danger"}`}>
                  {t(`adminUsers.statuses.${user.status}`)}
                </span>
                {user.suspended_until ? (
                  <span className="d-block small">
                    {t("adminUsers.table.until", { when: shortDateTime(user.suspended_until) })}
                  </span>
                ) : null}
              </td>
              <td data-label={t("adminUsers.table.company")}>{user.company?.name ?? "—"}</td>
              <td data-label={t("adminUsers.table.registered")}>{shortDateTime(user.created_at)}</td>
              {actions ? <td>{actions(user)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
