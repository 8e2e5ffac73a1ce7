import type { TCaregiverRelation } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useDecideCaregiver, useSetCaregiverHealthData } from "../api/caregiver-actions.ts";
import { useOwnCaregivers } from "../api/own-caregivers.ts";
import { InviteForm } from "../components/InviteForm.tsx";
import { OwnCodeCard } from "../components/OwnCodeCard.tsx";
import { RelationCard } from "../components/RelationCard.tsx";

type Pending =
  | { kind: "disapprove"; relation: TCaregiverRelation }
  | { kind: "health"; relation: TCaregiverRelation; granted: boolean };

/**
 * Caregivers (spec 001 §3, §6): one's code of the day, becoming someone's caregiver by their code,
 * the caregivers one has (approve, reject, disable, re-enable, the health-data consent) and the
 * people one cares for (booking for them).
 */
export default function CaregiversPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const own = useOwnCaregivers();
  const decide = useDecideCaregiver();
  const health = useSetCaregiverHealthData();
  const [pending, setPending] = useState<Pending | null>(null);
  const fail = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  const approve = (relation: TCaregiverRelation) =>
    decide.mutate(
      { hashid: relation.hashid, decision: "approve" },
      { onSuccess: () => alerts.success(t("caregivers.approved")), onError: fail },
    );
  const confirm = () => {
    if (!pending) return;
    const done = { onError: fail, onSettled: () => setPending(null) };
    if (pending.kind === "disapprove") {
      decide.mutate(
        { hashid: pending.relation.hashid, decision: "disapprove" },
        {
          ...done,
          onSuccess: (r) => alerts.success(t(r.status === "rejected" ? "caregivers.rejected" : "caregivers.disabled")),
        },
      );
    } else {
      health.mutate(
        { hashid: pending.relation.hashid, granted: pending.granted },
        {
          ...done,
          onSuccess: () =>
            alerts.success(t(pending.granted ? "caregivers.healthData.granted" : "caregivers.healthData.withdrawn")),
        },
      );
    }
  };
  const nameOf = (relation: TCaregiverRelation, side: "caregiver" | "assisted") =>
    `${relation[side].name} ${relation[side].surname}`.trim();

  return (
    <div>
      <h1 className="mb-4">{t("caregivers.title")}</h1>
      <OwnCodeCard />
      <InviteForm />
      {own.isPending ? <PageLoader /> : null}
      {own.isError ? <FormMessage kind="error">{t("caregivers.loadError")}</FormMessage> : null}

      <section aria-labelledby="my-caregivers" className="mb-5">
        <h2 id="my-caregivers" className="h3">
          {t("caregivers.mine.title")}
        </h2>
        {own.data?.caregivers.length === 0 ? <p>{t("caregivers.mine.empty")}</p> : null}
        <div className="row">
          {own.data?.caregivers.map((relation) => {
            const name = nameOf(relation, "caregiver");
            return (
              <div key={relation.hashid} className="col-12 col-lg-6 mb-4">
                <RelationCard relation={relation} side="caregiver">
                  {relation.status === "pending" || relation.status === "disabled" ? (
                    <Button
                      type="button"
                      color="primary"
                      size="sm"
                      disabled={decide.isPending}
                      aria-label={t(relation.status === "pending" ? "caregivers.approveOf" : "caregivers.enableOf", {
                        name,
                      })}
                      onClick={() => approve(relation)}
                    >
                      {t(relation.status === "pending" ? "caregivers.approve" : "caregivers.enable")}
                    </Button>
                  ) : null}
                  {relation.status === "pending" || relation.status === "enabled" ? (
                    <Button
                      type="button"
                      color="danger"
                      outline
                      size="sm"
                      aria-label={t(relation.status === "pending" ? "caregivers.rejectOf" : "caregivers.disableOf", {
                        name,
                      })}
                      onClick={() => setPending({ kind: "disapprove", relation })}
                    >
                      {t(relation.status === "pending" ? "caregivers.reject" : "caregivers.disable")}
                    </Button>
                  ) : null}
                  {relation.status === "enabled" ? (
                    <Button
                      type="button"
                      color="primary"
                      outline
                      size="sm"
                      onClick={() => setPending({ kind: "health", relation, granted: !relation.health_data })}
                    >
                      {t(relation.health_data ? "caregivers.healthData.withdraw" : "caregivers.healthData.grant")}
                    </Button>
                  ) : null}
                </RelationCard>
              </div>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="my-assisted" className="mb-5">
        <h2 id="my-assisted" className="h3">
          {t("caregivers.assisted.title")}
        </h2>
        {own.data?.assisted.length === 0 ? <p>{t("caregivers.assisted.empty")}</p> : null}
        <div className="row">
          {own.data?.assisted.map((relation) => (
            <div key={relation.hashid} className="col-12 col-lg-6 mb-4">
              <RelationCard relation={relation} side="assisted">
                {relation.status === "enabled" ? (
                  <>
                    <Link className="btn btn-primary btn-sm" to="/cittadino/appuntamenti/nuovo/prodotto">
                      {t("caregivers.assisted.orderFor", { name: nameOf(relation, "assisted") })}
                    </Link>
                    <Link className="btn btn-outline-primary btn-sm" to="/cittadino/appuntamenti/nuovo/prestazione">
                      {t("caregivers.assisted.bookFor", { name: nameOf(relation, "assisted") })}
                    </Link>
                  </>
                ) : null}
              </RelationCard>
            </div>
          ))}
        </div>
      </section>

      <ConfirmModal
        isOpen={pending !== null}
        title={
          pending?.kind === "health"
            ? t(pending.granted ? "caregivers.healthData.grantTitle" : "caregivers.healthData.withdrawTitle")
            : t(pending?.relation.status === "pending" ? "caregivers.rejectTitle" : "caregivers.disableTitle")
        }
        confirmLabel={t("caregivers.confirm")}
        cancelLabel={t("caregivers.cancel")}
        busy={decide.isPending || health.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      >
        {pending ? t("caregivers.confirmBody", { name: nameOf(pending.relation, "caregiver") }) : null}
      </ConfirmModal>
    </div>
  );
}
