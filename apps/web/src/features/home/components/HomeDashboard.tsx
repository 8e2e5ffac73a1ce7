import type { TUser } from "@cura/domain";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { displayName, useSession } from "../../../lib/session.ts";
import { lazyModal } from "../../../ui/lazy-modal.tsx";
import { greetingKey } from "../greeting.ts";
import { HomeAlerts } from "./HomeAlerts.tsx";

// Loaded when first opened, as the header's: the home is each area's first page (issue 15's budgets).
const SupportModal = lazyModal(() => import("../../../app/shells/SupportModal.tsx").then((m) => m.SupportModal));

/**
 * The frame of the three home dashboards: greeting by name, reminders, the area's cards. While
 * `loading` (the cards' first answers are on their way) one status line stands in the cards' place:
 * the cards then appear together, instead of the first ones growing as their lists arrive and
 * pushing the others down (issue 15: a layout shift of 0.10 on a wide screen).
 */
export function HomeDashboard({
  intro,
  loading = false,
  children,
}: {
  intro: string;
  loading?: boolean;
  children: (user: TUser) => ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const name = displayName(user);
  return (
    <div>
      <h1 className="mb-2">{name ? `${t(greetingKey())}, ${name}` : t(greetingKey())}</h1>
      <p className="lead mb-4">{intro}</p>
      <HomeAlerts user={user} />
      {loading ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {/* Hidden, not unmounted, while loading: a card mounting afresh refetches a failed list, which
          would put it back to pending and hide the cards again, in a loop. */}
      <div className={loading ? "row g-4 d-none" : "row g-4"}>
        {children(user)}
        <div className="col-12 col-lg-6">
          <SupportCard />
        </div>
      </div>
    </div>
  );
}

export function DashboardCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card-wrapper card-space h-100">
      <div className="card card-bg h-100">
        <div className="card-body">
          <h2 className="card-title h5">{title}</h2>
          {children}
        </div>
      </div>
    </div>
  );
}

export function AccountCard({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const yes = (value: string | null) => (value ? t("home.account.verified") : t("home.account.notVerified"));
  return (
    <DashboardCard title={t("home.account.title")}>
      <dl className="row mb-0">
        {user.email ? (
          <>
            <dt className="col-sm-5">{t("home.account.email")}</dt>
            <dd className="col-sm-7 text-break">
              {user.email} <span className="small">({yes(user.email_verified_at)})</span>
            </dd>
          </>
        ) : null}
        {user.username ? (
          <>
            <dt className="col-sm-5">{t("home.account.username")}</dt>
            <dd className="col-sm-7 text-break">{user.username}</dd>
          </>
        ) : null}
        {user.anagrafica?.tel_number ? (
          <>
            <dt className="col-sm-5">{t("home.account.phone")}</dt>
            <dd className="col-sm-7">
              {user.anagrafica.prefix} {user.anagrafica.tel_number}{" "}
              <span className="small">({yes(user.number_verified_at)})</span>
            </dd>
          </>
        ) : null}
      </dl>
    </DashboardCard>
  );
}

function SupportCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <DashboardCard title={t("home.support.title")}>
      <p>{t("home.support.text", { hours: t("support.hours") })}</p>
      <button type="button" className="btn btn-outline-primary" onClick={() => setOpen(true)}>
        {t("login.contactSupport")}
      </button>
      <SupportModal isOpen={open} onClose={() => setOpen(false)} />
    </DashboardCard>
  );
}
