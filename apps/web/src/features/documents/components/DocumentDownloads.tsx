import type { TDocumentSummary } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DocumentFileKind, downloadDocumentFile } from "../api/files.ts";

/** The document's PDF links: the current one, and once signed the unsigned original too. */
export function DocumentDownloads({ document }: { document: TDocumentSummary }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const get = (kind: DocumentFileKind) => {
    setFailed(false);
    downloadDocumentFile(document, kind).catch(() => setFailed(true));
  };
  return (
    <span className="d-inline-flex flex-wrap gap-2 align-items-center">
      {document.status === "firmato" ? (
        <>
          <button type="button" className="btn btn-link p-0" onClick={() => get("signed-pdf")}>
            {t("documents.downloadSigned", { name: document.name })}
          </button>
          <button type="button" className="btn btn-link p-0" onClick={() => get("pdf")}>
            {t("documents.downloadOriginal", { name: document.name })}
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-link p-0" onClick={() => get("download")}>
          {t("documents.download", { name: document.name })}
        </button>
      )}
      {failed ? (
        <span role="alert" className="text-danger small">
          {t("documents.downloadError")}
        </span>
      ) : null}
    </span>
  );
}
