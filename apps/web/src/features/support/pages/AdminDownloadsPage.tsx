import {
  DOWNLOAD_SCOPES,
  MANUAL_MAX_BYTES,
  SUPPORT_MESSAGES,
  VIDEO_MAX_BYTES,
  ZManualFields,
  ZVideoFields,
} from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages, type SafeParser } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { SelectField, TextField } from "../../../ui/form.tsx";
import { useAddDownload, useRemoveDownload } from "../api/admin-downloads.ts";
import { fileUrl, useDownloads, useManuals } from "../api/support.ts";

/**
 * One registration form (manual or video): its text fields checked with the server's own schema,
 * the file by its size, and the server's 422 shown under the field it names.
 */
function useUploadForm(kind: "manuals" | "videos", schema: SafeParser, maxBytes: number, fileMessage: string) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const mutation = useAddDownload(kind);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const fields = Object.fromEntries([...data.entries()].filter(([, value]) => typeof value === "string"));
    const parsed = schema.safeParse(fields);
    const next = parsed.success ? new Map<string, string>() : firstMessages(parsed.error.issues);
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    if (!file || file.size === 0 || file.size > maxBytes) next.set("file", fileMessage);
    else data.set("file", file, file.name);
    setErrors(next);
    if (next.size > 0) return;
    mutation.mutate(data, {
      onSuccess: () => {
        alerts.success(t("adminDownloads.saved"));
        form.reset();
      },
      onError: (error) => {
        const placed = isApiError(error) ? Object.entries(error.errors) : [];
        if (placed.length > 0) setErrors(new Map(placed.map(([path, messages]) => [path, messages.join(" ")])));
        else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
      },
    });
  };
  return { errors, onSubmit, pending: mutation.isPending };
}

/** Administrators' settings: manuals (PDF) and video tutorials (mp4) (spec 001 §3 Manual, Downloadables). */
export default function AdminDownloadsPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const citizenManuals = useManuals(false);
  const operatorManuals = useManuals(true);
  const videos = [useDownloads("cittadino"), useDownloads("operatore")];
  const manualForm = useUploadForm("manuals", ZManualFields, MANUAL_MAX_BYTES, SUPPORT_MESSAGES.pdfRequired);
  const videoForm = useUploadForm("videos", ZVideoFields, VIDEO_MAX_BYTES, SUPPORT_MESSAGES.videoRequired);
  const remove = useRemoveDownload();
  const [toRemove, setToRemove] = useState<{ kind: "manuals" | "videos"; id: string; label: string } | null>(null);
  const scopes = DOWNLOAD_SCOPES.map((scope) => ({ value: scope, label: t(`adminDownloads.scopes.${scope}`) }));

  const manuals = [...(citizenManuals.data?.data ?? []), ...(operatorManuals.data?.data ?? [])];
  const allVideos = videos.flatMap((v) => v.data?.video ?? []);

  return (
    <div>
      <h1 className="mb-4">{t("adminDownloads.title")}</h1>
      <section aria-labelledby="manual-form-title" className="mb-5">
        <h2 id="manual-form-title" className="h4">
          {t("adminDownloads.newManual")}
        </h2>
        <form onSubmit={manualForm.onSubmit} noValidate>
          <div className="row">
            <TextField
              wrapperClassName="col-md-6"
              name="version"
              maxLength={60}
              label={t("adminDownloads.version")}
              error={manualForm.errors.get("version")}
            />
            <TextField
              wrapperClassName="col-md-6"
              name="data_release"
              type="date"
              label={t("adminDownloads.date")}
              error={manualForm.errors.get("data_release")}
            />
            <TextField
              wrapperClassName="col-12"
              name="description"
              maxLength={1000}
              label={t("adminDownloads.description")}
              error={manualForm.errors.get("description")}
            />
            <SelectField
              wrapperClassName="col-md-6"
              name="is_italian"
              defaultValue="true"
              label={t("adminDownloads.language")}
              options={[
                { value: "true", label: t("languages.it") },
                { value: "false", label: t("languages.en") },
              ]}
              error={manualForm.errors.get("is_italian")}
            />
            <SelectField
              wrapperClassName="col-md-6"
              name="is_operatore"
              defaultValue="false"
              label={t("adminDownloads.scope")}
              options={[
                { value: "false", label: t("adminDownloads.scopes.cittadino") },
                { value: "true", label: t("adminDownloads.scopes.operatore") },
              ]}
              error={manualForm.errors.get("is_operatore")}
            />
            <TextField
              wrapperClassName="col-12"
              name="file"
              type="file"
              accept="application/pdf"
              label={t("adminDownloads.pdf")}
              error={manualForm.errors.get("file")}
            />
          </div>
          <Button type="submit" color="primary" disabled={manualForm.pending}>
            {t("adminDownloads.add")}
          </Button>
        </form>
      </section>
      <section aria-labelledby="video-form-title" className="mb-5">
        <h2 id="video-form-title" className="h4">
          {t("adminDownloads.newVideo")}
        </h2>
        <form onSubmit={videoForm.onSubmit} noValidate>
          <div className="row">
            <TextField
              wrapperClassName="col-md-6"
              name="title"
              maxLength={120}
              label={t("adminDownloads.videoTitle")}
              error={videoForm.errors.get("title")}
            />
            <SelectField
              wrapperClassName="col-md-6"
              name="scope"
              defaultValue="operatore"
              label={t("adminDownloads.scope")}
              options={scopes}
              error={videoForm.errors.get("scope")}
            />
            <TextField
              wrapperClassName="col-12"
              name="description"
              maxLength={1000}
              label={t("adminDownloads.description")}
              error={videoForm.errors.get("description")}
            />
            <TextField
              wrapperClassName="col-12"
              name="file"
              type="file"
              accept="video/mp4"
              label={t("adminDownloads.mp4")}
              error={videoForm.errors.get("file")}
            />
          </div>
          <Button type="submit" color="primary" disabled={videoForm.pending}>
            {t("adminDownloads.add")}
          </Button>
        </form>
      </section>
      <section aria-labelledby="downloads-list-title">
        <h2 id="downloads-list-title" className="h4">
          {t("adminDownloads.registered")}
        </h2>
        {manuals.length + allVideos.length === 0 ? <p>{t("adminDownloads.empty")}</p> : null}
        <ul className="list-unstyled">
          {manuals.map((m) => (
            <li key={m.id} className="mb-2 d-flex flex-wrap gap-2 align-items-center">
              <a href={fileUrl(m.download_link)}>
                {`${m.version} · ${m.data_release} · ${m.is_italian ? "IT" : "EN"} · ${t(`adminDownloads.scopes.${m.is_operatore ? "operatore" : "cittadino"}`)}`}
              </a>
              <Button
                type="button"
                color="danger"
                outline
                size="xs"
                onClick={() => setToRemove({ kind: "manuals", id: m.id, label: m.version })}
              >
                {t("adminDownloads.remove")}
                <span className="visually-hidden"> {m.version}</span>
              </Button>
            </li>
          ))}
          {allVideos.map((v) => (
            <li key={v.id} className="mb-2 d-flex flex-wrap gap-2 align-items-center">
              <a href={fileUrl(v.path)}>{`${v.title} · ${t(`adminDownloads.scopes.${v.scope}`)}`}</a>
              <Button
                type="button"
                color="danger"
                outline
                size="xs"
                onClick={() => setToRemove({ kind: "videos", id: v.id, label: v.title })}
              >
                {t("adminDownloads.remove")}
                <span className="visually-hidden"> {v.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmModal
        isOpen={toRemove !== null}
        title={t("adminDownloads.removeTitle")}
        confirmLabel={t("adminDownloads.remove")}
        cancelLabel={t("companies.actions.cancel")}
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (!toRemove) return;
          remove.mutate(toRemove, {
            onSuccess: () => alerts.success(t("adminDownloads.removed")),
            onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
            onSettled: () => setToRemove(null),
          });
        }}
      >
        {toRemove ? t("adminDownloads.removeBody", { name: toRemove.label }) : null}
      </ConfirmModal>
    </div>
  );
}
