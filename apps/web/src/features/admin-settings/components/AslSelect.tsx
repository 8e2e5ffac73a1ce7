import type { TAsl } from "@cura/domain";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../ui/form.tsx";
import { useAslInfo } from "../api/asl.ts";

/** How an ASL reads in the list: its name, its seat, and the authority it was merged into. */
export function aslLabel(asl: TAsl): string {
  const seat = asl.comune_sede ? ` (${asl.comune_sede})` : "";
  return asl.accorpata_in ? `${asl.denominazione}${seat} – ${asl.accorpata_in}` : `${asl.denominazione}${seat}`;
}

/**
 * The citizen's `denominazione_asl` (issue 14): a choice among the ASL of their region of residence
 * (`GET utilities/aslinfo?regione=`). A value typed before the list existed stays shown, as the
 * first option, until the citizen picks another. While the list loads, or if it cannot be loaded,
 * the field stays the free text it was.
 */
export function AslSelect({
  regione,
  current,
  error,
  registration,
  wrapperClassName,
}: {
  regione: string | null | undefined;
  current: string | null | undefined;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  wrapperClassName?: string;
}) {
  const { t } = useTranslation();
  const list = useAslInfo(regione?.trim() || null);
  if (!list.data) {
    return (
      <TextField
        wrapperClassName={wrapperClassName}
        label={t("anagrafica.asl")}
        hint={t("anagrafica.aslHint")}
        error={error}
        {...registration}
      />
    );
  }
  const options = list.data.map((asl) => ({ value: asl.denominazione, label: aslLabel(asl) }));
  const previous = current?.trim();
  if (previous && !options.some((o) => o.value === previous)) {
    options.unshift({ value: previous, label: t("anagrafica.aslPrevious", { value: previous }) });
  }
  return (
    <SelectField
      wrapperClassName={wrapperClassName}
      label={t("anagrafica.asl")}
      hint={regione ? t("anagrafica.aslChoiceHint", { regione }) : undefined}
      placeholder={t("anagrafica.aslChoose")}
      options={options}
      error={error}
      {...registration}
    />
  );
}
