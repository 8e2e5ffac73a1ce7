import { Icon } from "design-react-kit";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Bootstrap Italia's stepper (steppers-header, steppers-content, steppers-nav): the steps as an
 * ordered list with the current one marked aria-current="step", done ones confirmed, the content,
 * and the Back / Next (or the final action) buttons. The page owns the step and the validation.
 */
export interface StepperProps {
  /** The label of each step (Step 1 … Step 5, or names). */
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
        <ol aria-label={label} className="list-unstyled d-flex mb-0 w-100">
          {steps.map((step, index) => {
            const state = index < current ? "confirmed" : index === current ? "active" : "";
            return (
              <li
                key={step}
                className={`${state}${index === steps.length - 1 ? " no-line" : ""}`}
                aria-current={index === current ? "step" : undefined}
              >
                {step}
                {index < current ? (
                  <>
                    <Icon icon="it-check" className="steppers-success" aria-hidden />
                    <span className="visually-hidden">{t("stepper.done")}</span>
                  </>
                ) : null}
              </li>
            );
          })}
        </ol>
        <span className="steppers-index" aria-hidden="true">
          {current + 1}/{steps.length}
        </span>
      </div>
      <div className="steppers-content">{children}</div>
      <nav className="steppers-nav" aria-label={t("stepper.navLabel")}>
        {nav}
      </nav>
    </div>
  );
}
