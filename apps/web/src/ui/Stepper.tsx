import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AppIcon } from "./AppIcon.tsx";

/**
 * Bootstrap Italia's stepper (steppers-header, steppers-content, steppers-nav): the named steps as an
 * ordered list with the current one marked aria-current="step", done ones confirmed, the content,
 * and the Back / Next (or the final action) buttons. The page owns the step and the validation.
 *
 * Below the large breakpoint the names do not fit side by side (they ran together: "DataRiepilogo"),
 * so the list gives way to one line, "Passo 2 di 5: Residenza", as Bootstrap Italia's mobile stepper.
 */
export interface StepperProps {
  /** The name of each step, in the user's language ("Dati anagrafici", "Residenza"…). */
  steps: readonly string[];
  /** Zero-based index of the current step. */
  current: number;
  /** An accessible name for the list of steps. */
  label: string;
  children: ReactNode;
  /** The navigation row (buttons), under the content. */
  nav: ReactNode;
}

export function Stepper({ steps, current, label, children, nav }: StepperProps) {
  const { t } = useTranslation();
  return (
    <div className="steppers">
      <div className="steppers-header">
        <ol aria-label={label} className="cura-steps list-unstyled d-none d-lg-flex flex-wrap mb-0 w-100">
          {steps.map((step, index) => {
            const state = index < current ? "confirmed" : index === current ? "active" : "";
            return (
              <li
                key={step}
                className={`${state}${index === steps.length - 1 ? " no-line" : ""}`}
                aria-current={index === current ? "step" : undefined}
              >
                {index < current ? <AppIcon icon="it-check" className="steppers-success" /> : null}
                {step}
                {index < current ? <span className="visually-hidden"> ({t("stepper.done")})</span> : null}
              </li>
            );
          })}
        </ol>
        <p className="cura-steps-compact d-lg-none mb-0" data-testid="stepper-compact">
          {t("stepper.compact", { current: current + 1, total: steps.length, name: steps[current] ?? "" })}
        </p>
      </div>
      <div className="steppers-content">{children}</div>
      <nav className="steppers-nav" aria-label={t("stepper.navLabel")}>
        {nav}
      </nav>
    </div>
  );
}
