import { COMPANY_MESSAGES, type THealthService } from "@cura/domain";
import { LIMITS } from "@cura/domain/constants";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { downloadArchiveFile } from "../../archive/api/archive-download.ts";
import { useAddAttachment, useAttachments, useRemoveAttachment } from "../api/attachments.ts";
import { messageOf } from "./errors.ts";
import { Loading } from "./Loading.tsx";

/**
 * A health service's attachments (allegati: preparation notes, forms): list, download, add (upload
 * then attach) and remove. Citizens read them while the service is active.
 */
export function AttachmentsModal({ service, onClose }: { service: THealthService; onClose: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useAttachments(service.hashid);
  const add = useAddAttachment(service.hashid);
  const remove = useRemoveAttachment(service.hashid);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t("companies.attachments.fileRequired"));
      return;
    }
    if (file.size > LIMITS.uploadMaxBytes) {
      setError(t("companies.attachments.tooLarge"));
      return;
    }
    setError(null);
    add.mutate(file, {
      onSuccess: () => {
        alerts.success(COMPANY_MESSAGES.dataUpdated);
        setFile(null);
        if (fileRef.current) fileRef.current.value = "";
      },
      onError: (e) => setError(messageOf(e)),
    });
  };

  const download = (a: { url: string; name: string }) =>
    downloadArchiveFile(a).catch((e: unknown) => alerts.error(messageOf(e)));

  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} centered trapFocus returnFocusAfterClose>
      <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
        {t("companies.attachments.title", { name: service.name })}
      </ModalHeader>
      <ModalBody>
        {list.isPending ? <Loading /> : null}
        {list.isError ? <FormMessage kind="error">{list.error.message}</FormMessage> : null}
        {list.data?.length === 0 ? <p>{t("companies.attachments.empty")}</p> : null}
        {list.data && list.data.length > 0 ? (
          <ul className="list-group mb-3" data-testid="attachments">
            {list.data.map((a) => (
              <li key={a.hashid} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <span className="me-auto">{a.name}</span>
                <Button
                  type="button"
                  size="xs"
                  color="primary"
                  outline
                  onClick={() => void download(a)}
                  aria-label={t("companies.attachments.downloadOf", { name: a.name })}
                >
                  {t("companies.attachments.download")}
                </Button>
                <Button
                  type="button"
                  size="xs"
                  color="danger"
                  outline
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(a.hashid, {
                      onSuccess: () => alerts.success(COMPANY_MESSAGES.dataUpdated),
                      onError: (e) => alerts.error(messageOf(e)),
                    })
                  }
                  aria-label={t("companies.attachments.removeOf", { name: a.name })}
                >
                  {t("companies.actions.remove")}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <form onSubmit={onSubmit} noValidate>
          <TextField
            ref={fileRef}
            type="file"
            accept="application/pdf,image/*"
            label={t("companies.attachments.file")}
            hint={t("companies.attachments.fileHint")}
            error={error ?? undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button type="submit" color="primary" disabled={add.isPending}>
            {t("companies.attachments.add")}
          </Button>
        </form>
      </ModalBody>
      <ModalFooter>
        <Button type="button" color="secondary" outline onClick={onClose}>
          {t("common.close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
