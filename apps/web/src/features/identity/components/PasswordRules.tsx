import { PASSWORD_MESSAGES, type PasswordContext, passwordProblems } from "@cura/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadZxcvbn, MIN_SCORE } from "../zxcvbn.ts";

const RULES = [
  ["length", PASSWORD_MESSAGES.length],
  ["digit", PASSWORD_MESSAGES.digit],
  ["lower", PASSWORD_MESSAGES.lower],
  ["upper", PASSWORD_MESSAGES.upper],
  ["special", PASSWORD_MESSAGES.special],
] as const;

/**
 * The live checklist of the password rules (spec 000 §5), judged by the domain's passwordProblems,
 * the function the server's schema uses; the name and surname rule when they are known.
 */
export function PasswordChecklist({
  password,
  context,
  id,
}: {
  password: string;
  context?: PasswordContext;
  id?: string;
}) {
  const { t } = useTranslation();
  const problems = passwordProblems(password, context ?? {});
  const rules: (readonly [string, string])[] = [...RULES];
  if (context?.name || context?.surname) rules.push(["personal", PASSWORD_MESSAGES.personal]);
  return (
    <ul id={id} className="list-unstyled small mb-3 cura-password-rules" aria-label={t("password.rulesLabel")}>
      {rules.map(([key, message]) => {
        const ok = !problems.includes(message);
        return (
          <li key={key} className={ok ? "text-success" : "text-body"} data-ok={ok}>
            <span aria-hidden="true">{ok ? "✓ " : "○ "}</span>
            {t(`password.rules.${key}` as "password.rules.length")}
            <span className="visually-hidden"> – {ok ? t("password.ruleMet") : t("password.ruleNotMet")}</span>
          </li>
        );
      })}
    </ul>
  );
}

const LEVELS = ["veryWeak", "weak", "fair", "good", "strong"] as const;
const COLORS = ["bg-danger", "bg-danger", "bg-warning", "bg-success", "bg-success"] as const;

/**
 * The strength meter: zxcvbn-ts's score (0–4) with the person's own words (name, surname, e-mail)
 * as user inputs, as the server judges it. Loaded lazily; nothing shows until it is ready.
 */
export function PasswordStrength({ password, userInputs }: { password: string; userInputs: readonly string[] }) {
  const { t } = useTranslation();
  const [score, setScore] = useState<number | null>(null);
  const inputs = userInputs.filter(Boolean).join("\n");

  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      loadZxcvbn()
        .then((zxcvbn) => {
          if (!cancelled) setScore(zxcvbn.check(password, inputs ? inputs.split("\n") : []).score);
        })
        .catch(() => {
          if (!cancelled) setScore(null);
        });
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, inputs]);

  if (score === null) return null;
  const level = LEVELS[score] ?? "veryWeak";
  const label = t(`password.strength.${level}`);
  return (
    <div className="mb-3 cura-password-strength" data-score={score}>
      <div className="progress" style={{ height: "6px" }}>
        <div
          className={`progress-bar ${COLORS[score] ?? "bg-danger"}`}
          role="progressbar"
          aria-label={t("password.strength.label")}
          aria-valuetext={label}
          aria-valuenow={score}
          aria-valuemin={0}
          aria-valuemax={4}
          style={{ width: `${(score + 1) * 20}%` }}
        />
      </div>
      <p className="small mb-0 mt-1" aria-live="polite">
        {t("password.strength.label")}: <strong>{label}</strong>
        {score < MIN_SCORE ? ` – ${t("password.strength.tooWeak")}` : null}
      </p>
    </div>
  );
}
