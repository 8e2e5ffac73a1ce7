import type { TBooking } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { useSession } from "../../../lib/session.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { Stepper } from "../../../ui/Stepper.tsx";
import { useCreateBooking } from "../api/create-booking.ts";
import { DateStep } from "../components/DateStep.tsx";
import { FacilityStep, PharmacyStep } from "../components/FacilityStep.tsx";
import { ForWhomStep } from "../components/ForWhomStep.tsx";
import { NeedStep } from "../components/NeedStep.tsx";
import { SummaryStep } from "../components/SummaryStep.tsx";
import {
  bodyOf,
  initialState,
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
  if (!WIZARD_TYPES.includes(type as WizardType)) {
    return <FormMessage kind="error">{t("bookingWizard.unknownType")}</FormMessage>;
  }
  return <Wizard key={type} type={type as WizardType} />;
}

/** Step labels: a product order's facility is its pharmacy. */
const stepLabel = (type: WizardType, step: StepId): TKey =>
  type === "prodotto" && step === "facility" ? "bookingWizard.steps.pharmacy" : `bookingWizard.steps.${step}`;

function Wizard({ type }: { type: WizardType }) {
  const { t } = useTranslation();
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
      onSuccess: setCreated,
      onError: (error) => {
        if (!isApiError(error)) return setServerError(t("errors.unexpected"));
        if (error.status === 409 && type === "prestazione") {
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
        {step === "need" ? <NeedStep {...props} /> : null}
        {step === "who" ? <ForWhomStep {...props} /> : null}
        {step === "facility" && type === "prestazione" ? <FacilityStep {...props} /> : null}
        {step === "facility" && type === "prodotto" ? <PharmacyStep {...props} /> : null}
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
