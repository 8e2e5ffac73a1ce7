import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from "react";

/**
 * Labelled form controls in Bootstrap Italia's markup: every input has its label, its hint and its
 * error tied to it (aria-describedby), and aria-invalid when the error shows. They take
 * react-hook-form's `register(...)` spread (name, onChange, onBlur, ref).
 */
interface FieldFrame {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Classes of the wrapping element (grid columns). */
  wrapperClassName?: string;
}

function describedBy(ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

export type TextFieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, "children"> & { ref?: Ref<HTMLInputElement>; append?: ReactNode };

export function TextField({
  label,
  error,
  hint,
  wrapperClassName,
  id,
  className,
  append,
  ref,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const control = (
    <input
      id={inputId}
      ref={ref}
      // Bootstrap Italia draws a field's underline only for inputs with a type (input[type='text']…):
      // without one the field was plain text on white (issue 16). A caller's type still wins.
      type="text"
      className={`form-control${error ? " is-invalid" : ""}${className ? ` ${className}` : ""}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy([hintId, errorId])}
      {...input}
    />
  );
  return (
    <div className={`form-group${wrapperClassName ? ` ${wrapperClassName}` : ""}`}>
      <label htmlFor={inputId} className="active">
        {label}
      </label>
      {append ? (
        <div className="input-group">
          {control}
          {append}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <small id={hintId} className="form-text">
          {hint}
        </small>
      ) : null}
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
    ref?: Ref<HTMLSelectElement>;
    options: readonly SelectOption[];
    /** The text of the empty first option; none when omitted. */
    placeholder?: string;
  };

export function SelectField({
  label,
  error,
  hint,
  wrapperClassName,
  id,
  options,
  placeholder,
  ref,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={`select-wrapper mb-4${wrapperClassName ? ` ${wrapperClassName}` : ""}`}>
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        ref={ref}
        className={error ? "is-invalid" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy([hintId, errorId])}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <small id={hintId} className="form-text">
          {hint}
        </small>
      ) : null}
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export type CheckboxFieldProps = Omit<FieldFrame, "hint"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "children"> & { ref?: Ref<HTMLInputElement> };

export function CheckboxField({ label, error, wrapperClassName, id, ref, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={`form-check${wrapperClassName ? ` ${wrapperClassName}` : ""}`}>
      <input
        id={inputId}
        ref={ref}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...input}
      />
      <label htmlFor={inputId}>{label}</label>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A group of exclusive choices: a fieldset whose legend names it. */
export function RadioGroup({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  name: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const baseId = useId();
  return (
    <fieldset className="mb-3">
      <legend className="h6 fw-semibold">{legend}</legend>
      {options.map((option, index) => (
        <div className="form-check" key={option.value}>
          <input
            type="radio"
            id={`${baseId}-${index}`}
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${baseId}-${index}`}>{option.label}</label>
        </div>
      ))}
      {error ? <div className="invalid-feedback d-block">{error}</div> : null}
    </fieldset>
  );
}

/** A message tied to a form: errors interrupt (role alert), outcomes wait their turn (status). */
export function FormMessage({
  kind,
  children,
  id,
  testId,
}: {
  kind: "error" | "success" | "info" | "warning";
  children: ReactNode;
  id?: string;
  testId?: string;
}) {
  const color = kind === "error" ? "danger" : kind;
  return (
    <div
      id={id}
      className={`alert alert-${color}`}
      role={kind === "error" || kind === "warning" ? "alert" : "status"}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
