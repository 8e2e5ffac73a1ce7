import {
  TELECONSULT_KINDS,
  TELECONSULT_MOVE_MAX_HOURS,
  TELECONSULT_SWITCH_PERMISSION,
  type TeleconsultKind,
  type TTeleconsult,
} from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { useCompanyTeleconsults } from "../api/lists.ts";
import { useMoveStart, useTakeCharge } from "../api/operator-actions.ts";
import { ServiceSwitch } from "../components/ServiceSwitch.tsx";
import { TeleconsultTable } from "../components/TeleconsultTable.tsx";
import { operatorCallPath, operatorSectionPath } from "../paths.ts";

const SWITCH_REF: Partial<Record<TeleconsultKind, 10 | 11>> = { rapido: 10, pediatrico: 11 };

/**
 * `teleconsulto/{section}` (spec 002 §2): rapido (ref 10), pediatrico (ref 11), specialistico (ref 2).
 * The quick sections have the operator's switch (spec 001 §4) and need its permission string; the
 * queue takes a request in charge through bookings' confirm (the first operator wins), then the
 * start can be moved, and the call opens.
 */
export default function OperatorTeleconsultPage() {
  const { t } = useTranslation();
  // One route per section (each its own menu entry): the section is the path's last segment.
  const section = useLocation().pathname.split("/").filter(Boolean).pop() ?? "rapido";
  const { user } = useSession();
  if (!(TELECONSULT_KINDS as readonly string[]).includes(section))
    return <Navigate to={operatorSectionPath("rapido")} replace />;
  const kind = section as TeleconsultKind;
  const ref = SWITCH_REF[kind];
  const allowed = ref === undefined || (user?.permessi ?? []).includes(TELECONSULT_SWITCH_PERMISSION[ref]);
  return (
    <div>
      <h1 className="mb-3">{t(`teleconsult.operator.title.${kind}`)}</h1>
      {allowed ? (
        <>
          {ref !== undefined ? <ServiceSwitch key={ref} serviceRef={ref} /> : null}
          <Queue key={kind} kind={kind} />
        </>
      ) : (
        <FormMessage kind="warning">{t("teleconsult.operator.noPermission")}</FormMessage>
      )}
    </div>
  );
}

function Queue({ kind }: { kind: TeleconsultKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [page, setPage] = useState(1);
  const [moving, setMoving] = useState<TTeleconsult | null>(null);
  const list = useCompanyTeleconsults(kind, open, page);
  const take = useTakeCharge();
  const tabs = [
    { open: true, label: t("teleconsult.operator.queue") },
    { open: false, label: t("teleconsult.operator.all") },
  ];
  return (
    <section aria-labelledby="queue-title">
      <h2 id="queue-title" className="h4">
        {t("teleconsult.operator.requests")}
      </h2>
      <ul className="nav nav-tabs mb-3">
        {tabs.map((tab) => (
          <li className="nav-item" key={String(tab.open)}>
            <button
              type="button"
              className={`nav-link${tab.open === open ? " active" : ""}`}
              aria-pressed={tab.open === open}
              onClick={() => {
                setOpen(tab.open);
                setPage(1);
              }}
            >
              {tab.label}
            </button>
          </li>
        ))}
      </ul>
      {take.isError ? (
        <FormMessage kind="error" testId="take-charge-error">
          {take.error.message}
        </FormMessage>
      ) : null}
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <FormMessage kind="error">{list.error.message}</FormMessage> : null}
      {list.data?.data.length === 0 ? <p>{t("teleconsult.operator.empty")}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <TeleconsultTable
          items={list.data.data}
          caption={t("teleconsult.operator.requests")}
          who="citizen"
          actions={(item) => (
            <div className="d-flex flex-wrap gap-2">
              {item.status === "ricevuto" ? (
                <Button
                  color="primary"
                  size="sm"
                  disabled={take.isPending}
                  onClick={() => take.mutate(item.hashid)}
                  aria-label={t("teleconsult.operator.takeLabel", {
                    name: `${item.citizen.name} ${item.citizen.surname}`,
                  })}
                >
                  {t("teleconsult.operator.take")}
                </Button>
              ) : null}
              {item.status === "confermato" && item.ended_at === null ? (
                <>
                  <Link className="btn btn-primary btn-sm" to={operatorCallPath(item.hashid)}>
                    {t("teleconsult.operator.join")}
                  </Link>
                  {kind !== "specialistico" && item.connected_at === null ? (
                    <Button color="primary" outline size="sm" onClick={() => setMoving(item)}>
                      {t("teleconsult.operator.move")}
                    </Button>
                  ) : null}
                </>
              ) : null}
            </div>
          )}
        />
      ) : null}
      <Pager
        page={page}
        total={list.data?.meta.total ?? 0}
        perPage={list.data?.meta.per_page ?? 1}
        onPage={setPage}
        label={t("teleconsult.pagination")}
      />
      {moving ? <MoveModal item={moving} onClose={() => setMoving(null)} /> : null}
    </section>
  );
}

/** A local date-time value (for `datetime-local`) of an instant. */
function localValue(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

function MoveModal({ item, onClose }: { item: TTeleconsult; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const now = Date.now();
  const [value, setValue] = useState(localValue(item.start ? Date.parse(item.start) : now));
  const move = useMoveStart();
  const fieldError = move.isError && isApiError(move.error) ? move.error.errors?.scheduled_at?.[0] : undefined;
  const submit = () => {
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return;
    move.mutate({ hashid: item.hashid, body: { scheduled_at: at.toISOString() } }, { onSuccess: onClose });
  };
  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} centered>
      <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
        {t("teleconsult.operator.moveTitle")}
      </ModalHeader>
      <ModalBody>
        <p>{t("teleconsult.operator.moveHint", { hours: TELECONSULT_MOVE_MAX_HOURS })}</p>
        <TextField
          type="datetime-local"
          label={t("teleconsult.operator.moveField")}
          value={value}
          min={localValue(now)}
          max={localValue(now + TELECONSULT_MOVE_MAX_HOURS * 3_600_000)}
          error={fieldError}
          onChange={(e) => setValue(e.target.value)}
        />
        {move.isError && !fieldError ? <FormMessage kind="error">{move.error.message}</FormMessage> : null}
      </ModalBody>
      <ModalFooter>
        <Button color="primary" outline onClick={onClose}>
          {t("teleconsult.cancel")}
        </Button>
        <Button color="primary" onClick={submit} disabled={move.isPending}>
          {t("teleconsult.operator.moveSave")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
