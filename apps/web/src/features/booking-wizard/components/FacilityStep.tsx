import type { TCareCircleItem } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useCareCircle } from "../../care-circle/api/care-circle.ts";
import { useConsentedPosition } from "../../geo/components/ConsentedPosition.tsx";
import { formatKm } from "../../search/distance.ts";
import {
  type DistanceFrom,
  type PlaceFilter,
  useCompanyServices,
  usePharmacies,
  useServiceProviders,
} from "../api/providers.ts";
import type { Named } from "../state.ts";
import type { StepProps } from "./NeedStep.tsx";

const matches = (name: string, need: string) => name.toLowerCase().includes(need.trim().toLowerCase());

/** A service of a provider the citizen may pick, marked when picked. */
function ServiceChoice({
  company,
  service,
  chosen,
  onChoose,
}: {
  company: Named;
  service: Named;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      size="sm"
      color="primary"
      outline={!chosen}
      aria-pressed={chosen}
      className="me-2 mb-2"
      onClick={onChoose}
      aria-label={t("bookingWizard.facility.chooseService", { service: service.name, company: company.name })}
    >
      {service.name}
    </Button>
  );
}

const preferredOf = (circle: TCareCircleItem[] | undefined) => circle?.find((item) => item.preferred) ?? null;

/**
 * The care circle's providers: the health services of the one opened, those matching the need first.
 * The one of the chosen service is open, else the preferred one, so that a pre-selection shows.
 */
function CircleProviders({ state, update }: Pick<StepProps, "state" | "update">) {
  const { t } = useTranslation();
  const circle = useCareCircle();
  const [opened, setOpen] = useState<Named | null>(null);
  const chosenInCircle = circle.data?.find((item) => item.company.hashid === state.company?.hashid);
  const fallback = (chosenInCircle ?? preferredOf(circle.data))?.company ?? null;
  const open = opened ?? (fallback ? { hashid: fallback.hashid, name: fallback.name } : null);
  const services = useCompanyServices(open?.hashid ?? null);
  const list = services.data ?? [];
  const matching = list.filter((s) => matches(s.name, state.need));
  const shown = matching.length > 0 ? matching : list;
  const items = [...(circle.data ?? [])].sort((a, b) => Number(b.preferred) - Number(a.preferred));
  if (circle.isSuccess && items.length === 0)
    return <p className="text-muted">{t("bookingWizard.facility.circleEmpty")}</p>;
  return (
    <div>
      {items.map((item) => (
        <div key={item.company.hashid} className="mb-2">
          <Button
            type="button"
            size="sm"
            color="secondary"
            outline={open?.hashid !== item.company.hashid}
            aria-expanded={open?.hashid === item.company.hashid}
            onClick={() => setOpen({ hashid: item.company.hashid, name: item.company.name })}
          >
            {item.company.name}
            {item.preferred ? ` · ${t("bookingWizard.facility.preferred")}` : ""}
          </Button>
          {open?.hashid === item.company.hashid ? (
            <div className="mt-2 ms-3">
              {services.isPending ? <p className="text-muted">{t("common.loading")}</p> : null}
              {services.isSuccess && shown.length === 0 ? <p>{t("bookingWizard.facility.noServices")}</p> : null}
              {shown.map((service) => (
                <ServiceChoice
                  key={service.hashid}
                  company={open}
                  service={service}
                  chosen={state.service?.hashid === service.hashid}
                  onChoose={() => update({ company: open, service, start: null })}
                />
              ))}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** Name and town filters of a provider search (the teleconsult step's too, with its own name label). */
export function PlaceFields({
  where,
  onChange,
  nameLabel,
}: {
  where: PlaceFilter;
  onChange: (where: PlaceFilter) => void;
  nameLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="row mt-5">
      <TextField
        wrapperClassName="col-md-6"
        type="search"
        label={nameLabel ?? t("bookingWizard.facility.filter")}
        value={where.q}
        onChange={(e) => onChange({ ...where, q: e.target.value })}
      />
      <TextField
        wrapperClassName="col-md-6"
        type="search"
        label={t("bookingWizard.facility.comune")}
        value={where.comune}
        onChange={(e) => onChange({ ...where, comune: e.target.value })}
      />
    </div>
  );
}

const trimmed = (where: PlaceFilter): PlaceFilter => ({ q: where.q.trim(), comune: where.comune.trim() });

/**
 * On arriving with no service chosen, the preferred provider of the care circle is chosen with its
 * first service matching the need (issue 16): the citizen who has a preferred facility goes on with
 * one click, or picks another. Tried once per visit of the step, never over a choice already made.
 */
function usePreferredPreselection({ state, update }: Pick<StepProps, "state" | "update">): boolean {
  const circle = useCareCircle();
  const preferred = preferredOf(circle.data);
  const services = useCompanyServices(state.service ? null : (preferred?.company.hashid ?? null));
  const settled = useRef(state.service !== null);
  const [preselected, setPreselected] = useState(false);
  useEffect(() => {
    // A choice made meanwhile is the citizen's: never replaced.
    if (state.service) settled.current = true;
    if (settled.current) return;
    if (circle.isError || (circle.isSuccess && !preferred) || services.isError) {
      settled.current = true;
      return;
    }
    if (!preferred || !services.isSuccess) return;
    settled.current = true;
    const service = services.data.find((s) => matches(s.name, state.need));
    if (!service) return;
    update({
      company: { hashid: preferred.company.hashid, name: preferred.company.name },
      service: { hashid: service.hashid, name: service.name },
      start: null,
    });
    setPreselected(true);
  }, [
    circle.isError,
    circle.isSuccess,
    preferred,
    services.isError,
    services.isSuccess,
    services.data,
    state.need,
    update,
    state.service,
  ]);
  return preselected && state.company?.hashid === preferred?.company.hashid;
}

/**
 * Where the distances of the providers are measured from: the position, once the citizen allows it,
 * else the comune of residence of their profile; null (alphabetical order) without either.
 */
function useDistanceFrom(state: StepProps["state"]): DistanceFrom | null {
  const { user } = useSession();
  if (state.position) return { kind: "position", ...state.position };
  const comune = user?.anagrafica?.comune?.trim();
  return comune ? { kind: "comune", comune, provincia: user?.anagrafica?.provincia ?? null } : null;
}

/** Step 3 (prestazione): the provider and its health service, from the care circle or a search. */
export function FacilityStep({ state, update }: StepProps) {
  const { t, i18n } = useTranslation();
  const [where, setWhere] = useState<PlaceFilter>({ q: "", comune: "" });
  const from = useDistanceFrom(state);
  const providers = useServiceProviders(state.need, trimmed(where), from);
  const preselected = usePreferredPreselection({ state, update });
  const measured = (providers.data?.data ?? []).some((company) => company.distance_km !== null);

  const position = useConsentedPosition({
    onPosition: (at) => update({ position: at }),
    deniedMessage: t("bookingWizard.facility.positionDenied"),
  });

  return (
    <div>
      {state.service && state.company ? (
        <FormMessage kind="info" testId="facility-chosen">
          {t("bookingWizard.facility.chosen", { service: state.service.name, company: state.company.name })}
          {preselected ? ` ${t("bookingWizard.facility.preselected")}` : ""}
        </FormMessage>
      ) : null}
      <h3 className="h5 mt-3">{t("bookingWizard.facility.circle")}</h3>
      <CircleProviders state={state} update={update} />

      <h3 className="h5 mt-4">{t("bookingWizard.facility.search", { need: state.need })}</h3>
      <p className="mb-2" data-testid="distance-from">
        {from?.kind === "position" && measured ? t("bookingWizard.facility.fromPosition") : null}
        {from?.kind === "comune" && measured ? t("bookingWizard.facility.fromComune", { comune: from.comune }) : null}
        {!measured ? t("bookingWizard.facility.byName") : null}
      </p>
      {from?.kind !== "position" ? (
        <Button type="button" color="primary" outline size="sm" onClick={position.ask}>
          {t("bookingWizard.facility.usePosition")}
        </Button>
      ) : null}
      {position.prompt}
      <PlaceFields where={where} onChange={setWhere} />
      {providers.isPending && providers.fetchStatus !== "idle" ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {providers.isError ? (
        <FormMessage kind="error">
          {isApiError(providers.error) ? providers.error.message : t("errors.unexpected")}
        </FormMessage>
      ) : null}
      {providers.isSuccess && providers.data.data.length === 0 ? (
        <p role="status">{t("bookingWizard.facility.none")}</p>
      ) : null}
      <ul className="list-unstyled">
        {(providers.data?.data ?? []).map((company) => (
          <li key={company.hashid} className="card card-bg p-3 mb-3">
            <p className="fw-semibold mb-1">{company.name}</p>
            <p className="text-muted mb-2">
              {[company.address, company.comune].filter(Boolean).join(", ")}
              {company.distance_km !== null ? (
                <span data-testid="distance"> · {formatKm(company.distance_km, i18n.language)}</span>
              ) : null}
            </p>
            <div>
              {company.health_services.map((service) => (
                <ServiceChoice
                  key={service.hashid}
                  company={company}
                  service={service}
                  chosen={state.service?.hashid === service.hashid}
                  onChoose={() =>
                    update({ company: { hashid: company.hashid, name: company.name }, service, start: null })
                  }
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Step 3 (prodotto): the pharmacy, from the care circle or a search by name. */
export function PharmacyStep({ state, update }: StepProps) {
  const { t } = useTranslation();
  const [where, setWhere] = useState<PlaceFilter>({ q: "", comune: "" });
  const circle = useCareCircle();
  const pharmacies = usePharmacies(trimmed(where));
  const fromCircle = (circle.data ?? []).filter((item) => item.company.type === "farmacia");
  // A pharmacy of the care circle is offered once, above: two equal buttons would confuse a screen reader.
  const inCircle = new Set(fromCircle.map((item) => item.company.hashid));
  const found = (pharmacies.data?.data ?? []).filter((company) => !inCircle.has(company.hashid));
  const choose = (company: Named) => update({ company: { hashid: company.hashid, name: company.name } });
  const choice = (company: Named) => (
    <Button
      type="button"
      size="sm"
      color="primary"
      outline={state.company?.hashid !== company.hashid}
      aria-pressed={state.company?.hashid === company.hashid}
      className="me-2 mb-2"
      onClick={() => choose(company)}
    >
      {company.name}
    </Button>
  );

  return (
    <div>
      {state.company ? (
        <FormMessage kind="info">
          {t("bookingWizard.facility.pharmacyChosen", { company: state.company.name })}
        </FormMessage>
      ) : null}
      <h3 className="h5 mt-3">{t("bookingWizard.facility.circle")}</h3>
      {circle.isSuccess && fromCircle.length === 0 ? (
        <p className="text-muted">{t("bookingWizard.facility.circleNoPharmacy")}</p>
      ) : null}
      <div>
        {fromCircle.map((item) => (
          <span key={item.company.hashid}>{choice(item.company)}</span>
        ))}
      </div>
      <h3 className="h5 mt-4">{t("bookingWizard.facility.searchPharmacy")}</h3>
      <PlaceFields where={where} onChange={setWhere} />
      {pharmacies.isSuccess && found.length === 0 ? <p role="status">{t("bookingWizard.facility.none")}</p> : null}
      <ul className="list-unstyled">
        {found.map((company) => (
          <li key={company.hashid} className="mb-1">
            {choice(company)}
            <span className="text-muted">{[company.address, company.comune].filter(Boolean).join(", ")}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
