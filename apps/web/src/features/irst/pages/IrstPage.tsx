import { IRST_MESSAGES, type TIrstItem, type TIrstKind } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useDeleteIrstItem, useIrstList, useIrstNoVariation } from "../api/irst.ts";
import { IrstItemModal } from "../components/IrstItemModal.tsx";
import { IrstSection, LastUpdate } from "../components/IrstLists.tsx";

/**
 * IRST, the oncology therapy reconciliation (issue 13): the citizen lists the drugs (from the medicine
 * catalogue, or 'non in elenco') and the other products they take, removes what they no longer take,
 * and, when nothing changed, confirms 'Nessuna variazione' since the last compilation. A caregiver
 * with the health-data consent opens the assisted person's lists with `?paziente={hashid}`.
 */
export default function IrstPage() {
  const { t, i18n } = useTranslation();
  const alerts = useAlerts();
  const [params] = useSearchParams();
  const patient = params.get("paziente");
  const [adding, setAdding] = useState<TIrstKind | null>(null);
  const [toDelete, setToDelete] = useState<TIrstItem | null>(null);
  const [confirmNovar, setConfirmNovar] = useState(false);
  const [drugPage, setDrugPage] = useState(1);
  const [productPage, setProductPage] = useState(1);
  const drugs = useIrstList(patient, "farmaco", drugPage);
  const products = useIrstList(patient, "altro", productPage);
  const remove = useDeleteIrstItem();
  const novar = useIrstNoVariation();
  const meta = drugs.data?.meta;
  const formatDate = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" });

  return (
    <div>
      <h1 className="mb-3">{t("irst.title")}</h1>
      <p>{t("irst.lead")}</p>
      {drugs.isPending ? <PageLoader /> : null}
      {drugs.isError || products.isError ? <FormMessage kind="error">{t("irst.loadError")}</FormMessage> : null}
      {meta ? (
        <div className="d-flex flex-wrap align-items-center gap-3 mb-4" data-testid="irst-status">
          <p className="mb-0">
            <LastUpdate update={meta.last_update} formatDate={formatDate} />
          </p>
          <Button type="button" color="primary" outline onClick={() => setConfirmNovar(true)}>
            {t("irst.novar.button")}
          </Button>
        </div>
      ) : null}

      <IrstSection
        kind="farmaco"
        title={t("irst.drugs.title")}
        empty={t("irst.drugs.empty")}
        items={drugs.data?.data}
        total={drugs.data?.meta.total ?? 0}
        page={drugPage}
        onPage={setDrugPage}
        edit={{ addLabel: t("irst.drugs.add"), onAdd: () => setAdding("farmaco"), onDelete: setToDelete }}
      />
      <IrstSection
        kind="altro"
        title={t("irst.products.title")}
        empty={t("irst.products.empty")}
        items={products.data?.data}
        total={products.data?.meta.total ?? 0}
        page={productPage}
        onPage={setProductPage}
        edit={{ addLabel: t("irst.products.add"), onAdd: () => setAdding("altro"), onDelete: setToDelete }}
      />

      <IrstItemModal kind={adding} patient={patient} onClose={() => setAdding(null)} />
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("irst.delete.title")}
        confirmLabel={t("irst.delete.confirm")}
        cancelLabel={t("irst.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete, {
            onSuccess: () => alerts.success(IRST_MESSAGES.deleted),
            onError: (error) => alerts.error(isApiError(error) ? error.message : t("irst.delete.error")),
            onSettled: () => setToDelete(null),
          });
        }}
      >
        {toDelete ? t("irst.delete.body", { name: toDelete.name }) : null}
      </ConfirmModal>
      <ConfirmModal
        isOpen={confirmNovar}
        title={t("irst.novar.title")}
        confirmLabel={t("irst.novar.confirm")}
        cancelLabel={t("irst.cancel")}
        busy={novar.isPending}
        onCancel={() => setConfirmNovar(false)}
        onConfirm={() =>
          novar.mutate(patient, {
            onSuccess: () => alerts.success(IRST_MESSAGES.noVariation),
            onError: (error) => alerts.error(isApiError(error) ? error.message : t("irst.novar.error")),
            onSettled: () => setConfirmNovar(false),
          })
        }
      >
        {meta?.last_update
          ? t("irst.novar.body", { date: formatDate(meta.last_update.at) })
          : t("irst.novar.bodyFirst")}
      </ConfirmModal>
    </div>
  );
}
