import { ADHERENCE_LEVELS, type TTherapy } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { SelectField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import type { HealthTabProps } from "../../health-file/types.ts";
import { downloadTherapySheet, downloadWeeklyRecap, useTherapies, useTherapyActions } from "../api/therapies.ts";
import { AdherenceBadge } from "../components/AdherenceBadge.tsx";
import { IntakesPanel } from "../components/IntakesPanel.tsx";
import { TabSection } from "../components/TabSection.tsx";
import { TherapyForm } from "../components/TherapyForm.tsx";

type Pending = { kind: "suspend" | "resume" | "delete"; therapy: TTherapy } | null;

const STATE_COLORS = { attiva: "success", sospesa: "warning", terminata: "secondary" } as const;

/** The therapies section of the health file (spec 001 §2 screen 20–21, §4 states; issue 11). */
export default function TherapiesTab({ area, patientHash, action }: HealthTabProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<"in_corso" | "terminata">("in_corso");
  const [editing, setEditing] = useState<TTherapy | "new" | null>(action === "nuova" ? "new" : null);
  const [open, setOpen] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const list = useTherapies(patientHash, view, page);
  const actions = useTherapyActions();
  const patientSide = area === "cittadino";

  if (editing) {
    return (
      <TherapyForm
        patient={patientHash}
        therapy={editing === "new" ? undefined : editing}
        onCancel={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setNotice(t("healthTherapies.notices.saved"));
        }}
      />
    );
  }

  const confirm = () => {
    if (!pending) return;
    const done = (message: string) => () => {
      setPending(null);
      setNotice(message);
    };
    if (pending.kind === "delete") {
      actions.remove.mutate(pending.therapy.hashid, { onSuccess: done(t("healthTherapies.notices.deleted")) });
    } else {
      const state = pending.kind === "suspend" ? "sospesa" : "attiva";
      actions.setState.mutate(
        { hashid: pending.therapy.hashid, state },
        { onSuccess: done(t(`healthTherapies.notices.${pending.kind}` as TKey)) },
      );
    }
  };
  const download = (run: () => Promise<void>) => {
    setDownloadError(null);
    run().catch((error: unknown) =>
      setDownloadError(isApiError(error) ? error.message : t("healthTherapies.errors.download")),
    );
  };
  const actionError = actions.setState.error ?? actions.remove.error ?? actions.override.error;

  return (
    <TabSection
      id="therapies-title"
      title={t("healthTherapies.therapies.title")}
      actions={
        <div className="d-flex flex-wrap gap-2">
          <Button
            color="primary"
            outline
            type="button"
            onClick={() => download(() => downloadWeeklyRecap(patientHash))}
          >
            {t("healthTherapies.actions.weeklyRecap")}
          </Button>
          <Button color="primary" type="button" onClick={() => setEditing("new")}>
            {t("healthTherapies.actions.newTherapy")}
          </Button>
        </div>
      }
      toolbar={
        <fieldset className="btn-group mb-3">
          <legend className="visually-hidden">{t("healthTherapies.therapies.viewLabel")}</legend>
          {(["in_corso", "terminata"] as const).map((v) => (
            <Button
              key={v}
              type="button"
              color="primary"
              outline={view !== v}
              aria-pressed={view === v}
              onClick={() => {
                setView(v);
                setPage(1);
              }}
            >
              {v === "terminata" ? t("healthTherapies.therapies.history") : t("healthTherapies.therapies.current")}
            </Button>
          ))}
        </fieldset>
      }
      notice={notice}
      errors={[
        downloadError,
        actionError ? (isApiError(actionError) ? actionError.message : t("errors.unexpected")) : null,
      ]}
      loading={list.isPending}
      loadFailed={Boolean(list.error)}
      emptyText={
        list.data && list.data.data.length === 0
          ? view === "terminata"
            ? t("healthTherapies.therapies.noHistory")
            : t("healthTherapies.therapies.none")
          : null
      }
    >
      <ul className="list-unstyled">
        {(list.data?.data ?? []).map((therapy) => (
          <li key={therapy.hashid} className="card shadow-sm mb-3">
            <div className="card-body">
              <h3 className="h5 card-title">
                {therapy.drug.name}
                {therapy.drug.not_listed ? (
                  <span className="badge bg-light text-dark ms-2">{t("healthTherapies.therapies.notListed")}</span>
                ) : null}
              </h3>
              <p className="mb-1">
                {therapy.dosage} {t(`healthTherapies.units.${therapy.dosage_unit}` as TKey)} ·{" "}
                {t(`healthTherapies.routes.${therapy.route}` as TKey)} ·{" "}
                {t(`healthTherapies.frequencies.${therapy.frequency}` as TKey)}
                {therapy.frequency_every ? ` (${therapy.frequency_every})` : ""}
              </p>
              <p className="mb-2">
                {therapy.intake_moments.map((m) => t(`healthTherapies.moments.${m}` as TKey)).join(", ")}
              </p>
              <div className="d-flex flex-wrap gap-2 mb-2">
                <span
                  className={`badge bg-${STATE_COLORS[therapy.state]}${therapy.state === "sospesa" ? " text-dark" : ""}`}
                >
                  {t(`healthTherapies.states.${therapy.state}` as TKey)}
                </span>
                <AdherenceBadge therapy={therapy} />
                {therapy.private ? (
                  <span className="badge bg-dark">{t("healthTherapies.therapies.private")}</span>
                ) : null}
              </div>
              <div className="d-flex flex-wrap gap-2">
                <Button
                  color="primary"
                  outline
                  size="xs"
                  type="button"
                  aria-expanded={open === therapy.hashid}
                  onClick={() => setOpen(open === therapy.hashid ? null : therapy.hashid)}
                >
                  {t("healthTherapies.actions.intakes")}
                  <span className="visually-hidden"> {therapy.drug.name}</span>
                </Button>
                <Button
                  color="primary"
                  outline
                  size="xs"
                  type="button"
                  onClick={() => download(() => downloadTherapySheet(therapy.hashid))}
                >
                  {t("healthTherapies.actions.sheet")}
                  <span className="visually-hidden"> {therapy.drug.name}</span>
                </Button>
                {therapy.editable && therapy.state !== "terminata" ? (
                  <Button
                    color="primary"
                    outline
                    size="xs"
                    type="button"
                    onClick={() => setPending({ kind: therapy.state === "sospesa" ? "resume" : "suspend", therapy })}
                  >
                    {therapy.state === "sospesa"
                      ? t("healthTherapies.actions.resume")
                      : t("healthTherapies.actions.suspend")}
                    <span className="visually-hidden"> {therapy.drug.name}</span>
                  </Button>
                ) : null}
                {therapy.editable ? (
                  <>
                    <Button color="primary" outline size="xs" type="button" onClick={() => setEditing(therapy)}>
                      {t("healthTherapies.actions.edit")}
                      <span className="visually-hidden"> {therapy.drug.name}</span>
                    </Button>
                    <Button
                      color="danger"
                      outline
                      size="xs"
                      type="button"
                      onClick={() => setPending({ kind: "delete", therapy })}
                    >
                      {t("healthTherapies.actions.delete")}
                      <span className="visually-hidden"> {therapy.drug.name}</span>
                    </Button>
                  </>
                ) : null}
              </div>
              {area === "operatore" ? (
                <div className="mt-3" style={{ maxWidth: "22rem" }}>
                  <SelectField
                    label={t("healthTherapies.adherence.overrideLabel")}
                    value={therapy.adherence_override ? therapy.adherence : ""}
                    placeholder={t("healthTherapies.adherence.computed")}
                    options={ADHERENCE_LEVELS.map((level) => ({
                      value: level,
                      label: t(`healthTherapies.adherence.${level}` as TKey),
                    }))}
                    onChange={(e) =>
                      actions.override.mutate({
                        hashid: therapy.hashid,
                        adherence: (e.target.value || null) as TTherapy["adherence"] | null,
                      })
                    }
                  />
                </div>
              ) : null}
              {open === therapy.hashid ? (
                <div className="mt-3">
                  <IntakesPanel therapy={therapy} canMark={patientSide && therapy.state === "attiva"} />
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {list.data ? (
        <Pager page={page} total={list.data.meta.total} perPage={list.data.meta.per_page} onPage={setPage} />
      ) : null}
      <ConfirmModal
        isOpen={pending !== null}
        title={pending ? t(`healthTherapies.confirm.${pending.kind}Title` as TKey) : ""}
        confirmLabel={t("healthTherapies.confirm.yes")}
        cancelLabel={t("healthTherapies.confirm.no")}
        busy={actions.setState.isPending || actions.remove.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? t(`healthTherapies.confirm.${pending.kind}Body` as TKey, { drug: pending.therapy.drug.name }) : null}
      </ConfirmModal>
    </TabSection>
  );
}
