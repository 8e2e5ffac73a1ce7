import { type InputHTMLAttributes, type Ref, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/form.tsx";

/** A password field with the show/hide toggle of the login page. */
export function PasswordInput({
  label,
  error,
  hint,
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      error={error}
      hint={hint}
      ref={ref}
      type={visible ? "text" : "password"}
      autoCapitalize="none"
      spellCheck={false}
      {...input}
      append={
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={input.disabled}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t("login.hidePassword") : t("login.showPassword")}
        </button>
      }
    />
  );
}
