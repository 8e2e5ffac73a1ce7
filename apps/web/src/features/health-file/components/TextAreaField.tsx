import { type TextareaHTMLAttributes, useId } from "react";

/** A labelled textarea in Bootstrap Italia's markup, its error tied to it. */
export function TextAreaField({
  label,
  error,
  wrapperClassName,
  ...textarea
}: {
  label: string;
  error?: string | undefined;
  wrapperClassName?: string;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`form-group${wrapperClassName ? ` ${wrapperClassName}` : ""}`}>
      <label htmlFor={id} className="active">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...textarea}
      />
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}
