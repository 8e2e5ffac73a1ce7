import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useDocument, useSignDocument } from "../api/documents.ts";
import { DocumentDownloads } from "./DocumentDownloads.tsx";

/**
 * The signing modal (spec 001 §2 screen 18, §4 "Document signing"): the document's text in a
 * scrolling box; the sign button is enabled only once the box has been scrolled to its end (by
 * mouse, touch or keyboard: the box takes the focus). Opening it records the reading on the server,
 * which refuses a signature without it.
 */
export function SignDocumentModal({ hashid, onClose }: { hashid: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const titleId = useId();
  const hintId = useId();
  const doc = useDocument(hashid);
  const sign = useSignDocument();
  const box = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(false);

  const check = useCallback(() => {
    const el = box.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 4) setAtEnd(true);
  }, []);
  // A text shorter than the box is read at once; a new document starts unread.
  useEffect(() => {
    setAtEnd(false);
    if (doc.data) window.requestAnimationFrame(check);
  }, [doc.data, check]);

  const d = doc.data;
  const signable = d?.can_sign ?? false;
  const error = sign.error ? (isApiError(sign.error) ? sign.error.message : t("errors.unexpected")) : null;

  return (
    <Modal
      isOpen={hashid !== null}
      toggle={onClose}
      labelledBy={titleId}
      size="lg"
      scrollable={false}
      trapFocus
      returnFocusAfterClose
      onClosed={() => sign.reset()}
    >
      <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
        {d?.name ?? t("documents.signTitle")}
      </ModalHeader>
      <ModalBody>
        {doc.isPending ? <PageLoader /> : null}
        {doc.isError ? <FormMessage kind="error">{t("documents.loadError")}</FormMessage> : null}
        {d ? (
          <>
            {d.on_behalf_of_name && signable ? (
              <FormMessage kind="info">{t("documents.onBehalfOf", { name: d.on_behalf_of_name })}</FormMessage>
            ) : null}
            <div
              ref={box}
              onScroll={check}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls by keyboard too, and reading it to the end enables signing
              tabIndex={0}
              role="document"
              aria-label={t("documents.textLabel", { name: d.name })}
              aria-describedby={signable ? hintId : undefined}
              className="border rounded p-3 mb-3 document-text"
              style={{ maxHeight: "45vh", overflowY: "auto" }}
              data-testid="document-text"
              // The text was sanitised by the server to DOCUMENT_ALLOWED_TAGS, without attributes.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised markup of a closed allow-list
              dangerouslySetInnerHTML={{ __html: d.html_content }}
            />
            {signable ? (
              <p id={hintId} className="small mb-2">
                {atEnd ? t("documents.readDone") : t("documents.scrollHint")}
              </p>
            ) : d.status === "firmato" ? (
              <FormMessage kind="success">{t("documents.alreadySigned")}</FormMessage>
            ) : null}
            <DocumentDownloads document={d} />
            {error ? <FormMessage kind="error">{error}</FormMessage> : null}
          </>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button color="secondary" outline type="button" onClick={onClose}>
          {t("common.close")}
        </Button>
        {signable ? (
          <Button
            color="primary"
            type="button"
            disabled={!atEnd || sign.isPending}
            onClick={() =>
              hashid &&
              sign.mutate(hashid, {
                onSuccess: () => {
                  alerts.success(t("documents.signed"));
                  onClose();
                },
              })
            }
          >
            {t("documents.sign")}
          </Button>
        ) : null}
      </ModalFooter>
    </Modal>
  );
}
