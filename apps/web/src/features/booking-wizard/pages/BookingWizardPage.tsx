import type { TBooking } from "@cura/domain";
import { Button } from "design-react-kit";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { useSession } from "../../../lib/session.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { Stepper } from "../../../ui/Stepper.tsx";
import type { PreviewLocationState } from "../../teleconsult/pages/TeleconsultPreviewPage.tsx";
import { citizenPreviewPath } from "../../teleconsult/paths.ts";
import { useCreateBooking } from "../api/create-booking.ts";
import { useCompanyServices } from "../api/providers.ts";
import { DateStep } from "../components/DateStep.tsx";
import { FacilityStep, PharmacyStep } from "../components/FacilityStep.tsx";
import { ForWhomStep } from "../components/ForWhomStep.tsx";
import { NeedStep } from "../components/NeedStep.tsx";
import { SummaryStep } from "../components/SummaryStep.tsx";
import { TeleconsultServiceStep } from "../components/TeleconsultServiceStep.tsx";
import {
  bodyOf,
  initialState,
  type Named,
  type StepId,
  stepProblem,
  stepsOf,
  WIZARD_TYPES,
  type WizardState,
  type WizardType,
} from "../state.ts";

/**
 * The booking wizard (spec 001 screen 12, route appuntamenti/nuovo/{type}): need, for whom,
 * facility, date (health services only), summary; then `POST reservations`.
 */
export default function BookingWizardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const params = useParams();
  const type = params.type ?? pathname.split("/").filter(Boolean).pop();
  if (!(WIZARD_TYPES as readonly string[]).includes(type ?? "")) {
    return <FormMessage kind="error">{t("bookingWizard.unknownType")}</FormMessage>;
  }
  return <Wizard key={type} type={type as WizardType} />;
}

/** Step labels: a product order's facility is its pharmacy, a specialist teleconsultation's its teleconsultation. */
const stepLabel = (type: WizardType, step: StepId): TKey =>
  type === "prodotto" && step === "facility"
    ? "bookingWizard.steps.pharmacy"
    : type === "teleconsulto" && step === "facility"
      ? "bookingWizard.steps.teleconsult"
      : `bookingWizard.steps.${step}`;

/**
 * The provider and service in the address (`?company=&service=`, from "Prenota" on a provider's page,
 * and kept there once chosen so that a reload keeps them). They are checked against the services the
 * citizen can book there: valid, the wizard opens at the date step with them chosen; not, it starts
 * from the first step with a message (issue 16).
 */
function useChoiceInAddress(type: WizardType, state: WizardState, apply: (company: Named, service: Named) => void) {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() =>
    type === "prestazione" && params.get("company") && params.get("service")
      ? { company: params.get("company") as string, service: params.get("service") as string }
      : null,
  );
  const [status, setStatus] = useState<"none" | "checking" | "applied" | "invalid">(initial ? "checking" : "none");
  const services = useCompanyServices(status === "checking" ? (initial?.company ?? null) : null);

  useEffect(() => {
    if (status !== "checking" || !initial) return;
    if (services.isError) setStatus("invalid");
    if (!services.isSuccess) return;
    const found = services.data.find((s) => s.hashid === initial.service);
    if (!found) return setStatus("invalid");
    apply({ hashid: found.company.hashid, name: found.company.name }, { hashid: found.hashid, name: found.name });
    setStatus("applied");
  }, [status, initial, services.isError, services.isSuccess, services.data, apply]);

  // The address follows the choice (and drops a choice found not bookable).
  const company = state.company?.hashid ?? null;
  const service = state.service?.hashid ?? null;
  useEffect(() => {
    if (type !== "prestazione" || status === "checking") return;
    if (params.get("company") === company && params.get("service") === service) return;
    setParams(company && service ? { company, service } : {}, { replace: true });
  }, [type, status, company, service, params, setParams]);

  return status;
}

/**
 * The wizard of one type. The specialist teleconsultation's page (teleconsulti/nuovo/specialistico)
 * runs it as type teleconsulto: the teleconsultations to choose from, their slots, the summary; once
 * booked it lands on the teleconsultation's preview.
 */
export function Wizard({ type }: { type: WizardType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [state, setState] = useState<WizardState>(initialState);
  const [index, setIndex] = useState(0);
  const [showError, setShowError] = useState(false);
  const [created, setCreated] = useState<TBooking | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateBooking();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const steps = stepsOf(type);
  const step = steps[index] as StepId;
  const update = (patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch }));
  // Release notes: a verified phone number is mandatory to book (the server refuses otherwise).
  const phoneOk = Boolean(user?.number_verified_at && user.anagrafica?.tel_number);
  const problem = stepProblem(type, step, state);
  const title = t(`bookingWizard.title.${type}`);
  const apply = useCallback(
    (company: Named, service: Named) => {
      setState((s) => ({ ...s, need: service.name, company, service, start: null }));
      setIndex(stepsOf(type).indexOf("date"));
    },
    [type],
  );
  const addressed = useChoiceInAddress(type, state, apply);

  // A new step moves the focus to its heading (as the registration does): the Next button the
  // keyboard was on may be gone (the last step replaces it), and screen readers announce the step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  if (created) return <Success type={type} booking={created} title={title} />;
  if (addressed === "checking") {
    return (
      <div>
        <h1 className="mb-4">{title}</h1>
        <p role="status">{t("bookingWizard.fromProvider.checking")}</p>
      </div>
    );
  }

  const next = () => {
    if (problem) {
      setShowError(true);
      return;
    }
    setShowError(false);
    setServerError(null);
    setIndex((i) => i + 1);
  };
  const back = () => {
    setShowError(false);
    setIndex((i) => Math.max(0, i - 1));
  };
  const submit = () => {
    if (problem) {
      setShowError(true);
      return;
    }
    setServerError(null);
    create.mutate(bodyOf(type, state), {
      onSuccess: (booking) =>
        type === "teleconsulto"
          ? // The booking is the teleconsultation (one hashid): its preview says it is booked.
            navigate(citizenPreviewPath(booking.hashid), { state: { booked: true } satisfies PreviewLocationState })
          : setCreated(booking),
      onError: (error) => {
        if (!isApiError(error)) return setServerError(t("errors.unexpected"));
        if (error.status === 409 && type !== "prodotto") {
          // The slot was taken meanwhile: back to the date, to choose another.
          update({ start: null, startLabel: "" });
          setIndex(steps.indexOf("date"));
        }
        const details = Object.values(error.errors).flat();
        setServerError([error.message, ...details.filter((d) => d !== error.message)].join(" "));
      },
    });
  };

  const props = { type, state, update };
  return (
    <div>
      <h1 className="mb-4">{title}</h1>
      {!phoneOk ? (
        <FormMessage kind="warning" testId="phone-warning">
          {t("bookingWizard.phoneRequired")} <Link to="/number/verify">{t("bookingWizard.phoneVerify")}</Link>
        </FormMessage>
      ) : null}
      <Stepper
        steps={steps.map((s) => t(stepLabel(type, s)))}
        current={index}
        label={t("bookingWizard.stepsLabel")}
        nav={
          <>
            <Button type="button" color="secondary" outline disabled={index === 0} onClick={back}>
              {t("bookingWizard.back")}
            </Button>
            {step === "summary" ? (
              <Button type="button" color="primary" disabled={create.isPending || !phoneOk} onClick={submit}>
                {type === "prodotto" ? t("bookingWizard.submitOrder") : t("bookingWizard.submit")}
              </Button>
            ) : (
              <Button type="button" color="primary" onClick={next}>
                {t("bookingWizard.next")}
              </Button>
            )}
          </>
        }
      >
        <h2 ref={headingRef} tabIndex={-1} className="h4 mb-5">
          {t(stepLabel(type, step))}
        </h2>
        {addressed === "invalid" && index === 0 ? (
          <FormMessage kind="warning" testId="not-bookable">
            {t("bookingWizard.fromProvider.notBookable")}
          </FormMessage>
        ) : null}
        {step === "need" ? <NeedStep {...props} /> : null}
        {step === "who" ? <ForWhomStep {...props} /> : null}
        {step === "facility" && type === "prestazione" ? <FacilityStep {...props} /> : null}
        {step === "facility" && type === "prodotto" ? <PharmacyStep {...props} /> : null}
        {step === "facility" && type === "teleconsulto" ? <TeleconsultServiceStep {...props} /> : null}
        {step === "date" ? <DateStep {...props} showError={showError} /> : null}
        {step === "summary" ? <SummaryStep {...props} showError={showError} /> : null}
        {showError && problem && (step === "need" || step === "facility") ? (
          <div className="alert alert-danger mt-3" role="alert">
            {t(problem as TKey)}
          </div>
        ) : null}
        {serverError ? (
          <FormMessage kind="error" testId="booking-error">
            {serverError}
          </FormMessage>
        ) : null}
      </Stepper>
    </div>
  );
}

function Success({ type, booking, title }: { type: WizardType; booking: TBooking; title: string }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The send button is gone with the wizard: the focus starts again from the page's heading.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div>
      <h1 ref={headingRef} tabIndex={-1} className="mb-4">
        {title}
      </h1>
      <FormMessage kind="success" testId="booking-created">
        {type === "prodotto" ? t("bookingWizard.success.order") : t("bookingWizard.success.booking")}
      </FormMessage>
      <p>{booking.start ? t("bookingWizard.success.slot") : t("bookingWizard.success.awaiting")}</p>
      <p className="d-flex gap-3">
        <Link className="btn btn-primary" to={`/cittadino/appuntamenti/dettaglio/${booking.hashid}`}>
          {t("bookingWizard.success.detail")}
        </Link>
        <Link className="btn btn-outline-primary" to="/cittadino/home">
          {t("bookingWizard.success.home")}
        </Link>
      </p>
    </div>
  );
}
