import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";

/** A query's pending and error states, the same way in every section. */
export function QueryState({ pending, error }: { pending: boolean; error: Error | null }) {
  const { t } = useTranslation();
  if (pending)
    return (
      <p role="status" className="text-muted">
        {t("healthFile.loading")}
      </p>
    );
  if (error) return <FormMessage kind="error">{error.message}</FormMessage>;
  return null;
}
