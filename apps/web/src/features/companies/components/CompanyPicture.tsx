import type { TCompanyDetail } from "@cura/domain";
import { LIMITS } from "@cura/domain/constants";
import { Button } from "design-react-kit";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { TextField } from "../../../ui/form.tsx";
import { usePictureUrl, useRemoveCompanyPicture, useSetCompanyPicture } from "../api/company-picture.ts";
import { messageOf } from "./errors.ts";

/** The company's picture (logo or photo): shown, replaced with an uploaded image, or removed. */
export function CompanyPicture({ company }: { company: TCompanyDetail }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const src = usePictureUrl(company.picture);
  const upload = useSetCompanyPicture();
  const remove = useRemoveCompanyPicture();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t("companies.picture.fileRequired"));
    if (!file.type.startsWith("image/")) return setError(t("companies.picture.notImage"));
    if (file.size > LIMITS.uploadMaxBytes) return setError(t("companies.attachments.tooLarge"));
    setError(null);
    upload.mutate(file, {
      onSuccess: () => {
        alerts.success(t("companies.picture.saved"));
        setFile(null);
        if (fileRef.current) fileRef.current.value = "";
      },
      onError: (e) => setError(messageOf(e)),
    });
  };

  return (
    <section aria-labelledby="company-picture-title" className="mb-5">
      <h3 id="company-picture-title" className="h4">
        {t("companies.picture.title")}
      </h3>
      {company.picture ? (
        src ? (
          <img
            src={src}
            alt={t("companies.picture.alt", { name: company.name })}
            className="img-thumbnail mb-3"
            style={{ maxWidth: 200 }}
          />
        ) : null
      ) : (
        <p>{t("companies.picture.none")}</p>
      )}
      <form onSubmit={onSubmit} noValidate className="row align-items-end">
        <TextField
          ref={fileRef}
          wrapperClassName="col-md-6"
          type="file"
          accept="image/*"
          label={t("companies.picture.file")}
          error={error ?? undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <div className="col-md-6 form-group d-flex flex-wrap gap-2">
          <Button type="submit" color="primary" disabled={upload.isPending}>
            {t("companies.picture.upload")}
          </Button>
          {company.picture ? (
            <Button type="button" color="danger" outline onClick={() => setConfirm(true)}>
              {t("companies.picture.remove")}
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmModal
        isOpen={confirm}
        title={t("companies.picture.removeTitle")}
        confirmLabel={t("companies.picture.remove")}
        cancelLabel={t("companies.actions.cancel")}
        busy={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => alerts.success(t("companies.picture.removed")),
            onError: (e) => alerts.error(messageOf(e)),
            onSettled: () => setConfirm(false),
          })
        }
      >
        {t("companies.picture.removeBody")}
      </ConfirmModal>
    </section>
  );
}
