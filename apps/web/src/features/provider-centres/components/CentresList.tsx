import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormMessage } from "../../../ui/form.tsx";
import { useCentres } from "../api/centres.ts";

/** The provider centres the room manages, each linking to its management page. */
export function CentresList({ base }: { base: string }) {
  const { t } = useTranslation();
  const centres = useCentres();
  if (centres.isPending)
    return (
      <p role="status" className="text-muted">
        {t("common.loading")}
      </p>
    );
  if (centres.isError) return <FormMessage kind="error">{centres.error.message}</FormMessage>;
  if (centres.data.data.length === 0) return <p>{t("providerCentres.empty")}</p>;
  return (
    <table className="table" data-testid="provider-centres">
      <caption>{t("providerCentres.caption", { count: centres.data.meta.total })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("providerCentres.name")}</th>
          <th scope="col">{t("providerCentres.type")}</th>
          <th scope="col">{t("providerCentres.address")}</th>
        </tr>
      </thead>
      <tbody>
        {centres.data.data.map((c) => (
          <tr key={c.hashid}>
            <th scope="row">
              <Link to={`${base}/centro/${encodeURIComponent(c.hashid)}`}>{c.name}</Link>
            </th>
            <td>{c.subtype_label ?? c.type_label}</td>
            <td>{[c.address, c.comune, c.provincia].filter(Boolean).join(", ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
