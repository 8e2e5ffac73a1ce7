import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useReservationDocuments } from "../api/documents.ts";
import { DocumentDownloads } from "./DocumentDownloads.tsx";
import { DocumentStatusBadge } from "./DocumentStatusBadge.tsx";
import { SignDocumentModal } from "./SignDocumentModal.tsx";

/**
 * A reservation's documents for its citizen (or a consenting caregiver): read and sign each one in
 * the signing modal, download the PDFs.
 */
export function CitizenReservationDocuments({ reservation }: { reservation: string }) {
  const { t } = useTranslation();
  const list = useReservationDocuments(reservation);
  const [open, setOpen] = useState<string | null>(null);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <FormMessage kind="error">{t("documents.loadError")}</FormMessage>;
  const docs = list.data.data;
  return (
    <section aria-labelledby="citizen-documents-title">
      <h2 id="citizen-documents-title" className="h4">
        {t("documents.toSign")}
      </h2>
      {docs.length === 0 ? <p>{t("documents.none")}</p> : null}
      <ul className="list-unstyled">
        {docs.map((d) => (
          <li key={d.hashid} className="border-bottom py-2 d-flex flex-wrap gap-2 align-items-center">
            <strong>{d.name}</strong>
            <DocumentStatusBadge status={d.status} />
            {d.can_sign ? (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(d.hashid)}>
                {t("documents.readAndSign", { name: d.name })}
              </button>
            ) : (
              <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setOpen(d.hashid)}>
                {t("documents.read", { name: d.name })}
              </button>
            )}
            <DocumentDownloads document={d} />
          </li>
        ))}
      </ul>
      <SignDocumentModal hashid={open} onClose={() => setOpen(null)} />
    </section>
  );
}
