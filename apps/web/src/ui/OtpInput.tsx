import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A one-time-code input (spec 001 §5 "OTP"): one numeric box per digit, each labelled 'Cifra 1 di 6'
 * …; typing a digit moves to the next box, Backspace on an empty box goes back, arrows move, and a
 * pasted code (or the phone's one-time-code autofill into the first box) fills the boxes from there.
 * Anything but digits is refused. The value is the joined digits, a space standing for an empty box
 * before a filled one (so emptying a box does not shift the others); complete when it is all digits.
 */
export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  /** The group's name (fieldset legend). */
  label: string;
  disabled?: boolean;
  invalid?: boolean;
  /** An element describing the group (an error under it). */
  describedBy?: string;
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, "");
}

export function OtpInput({ value, onChange, length = 6, label, disabled, invalid, describedBy }: OtpInputProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => (value[i] ?? "").trim());
  const emit = (next: string[]) =>
    onChange(
      next
        .map((d) => d || " ")
        .join("")
        .trimEnd(),
    );

  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `text`'s digits from box `index` on, and moves to the box after the last one written. */
  const fill = (index: number, text: string) => {
    const incoming = digitsOf(text).slice(0, length - index);
    if (!incoming) return;
    const next = [...digits];
    for (let i = 0; i < incoming.length; i++) next[index + i] = incoming[i] as string;
    emit(next);
    focus(index + incoming.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace") {
      event.preventDefault();
      const next = [...digits];
      if (next[index]) {
        next[index] = "";
        emit(next);
      } else if (index > 0) {
        next[index - 1] = "";
        emit(next);
        focus(index - 1);
      }
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData("text"));
  };

  return (
    <fieldset className="cura-otp" aria-describedby={describedBy}>
      <legend className="h6 fw-semibold">{label}</legend>
      <div className="d-flex gap-2">
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
            key={index}
            id={`${baseId}-${index}`}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={`form-control text-center cura-otp-box${invalid ? " is-invalid" : ""}`}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            pattern="[0-9]*"
            // The first box takes a whole code (autofill, paste); the others one digit.
            maxLength={index === 0 ? length : 1}
            aria-label={t("otp.digit", { index: index + 1, count: length })}
            aria-invalid={invalid ? true : undefined}
            value={digit}
            disabled={disabled}
            onChange={(event) => {
              const typed = digitsOf(event.target.value);
              if (!typed) {
                const next = [...digits];
                next[index] = "";
                emit(next);
                return;
              }
              // A box holding a digit receives the new one at the end of its text.
              fill(index, typed.length > 1 && digit ? typed.slice(-1) : typed);
            }}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** True when the value holds a digit in every box. */
export function isCompleteOtp(value: string, length = 6): boolean {
  return new RegExp(`^\\d{${length}}$`).test(value);
}
