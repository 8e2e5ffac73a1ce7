import type { TUser } from "@cura/domain";
import { IMAGE_MIME_TYPES } from "@cura/domain";
import { LIMITS } from "@cura/domain/constants";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fullName } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { useUploadProfilePicture } from "../api/profile-picture.ts";
import { useDeleteProfilePicture } from "../api/profile-picture-delete.ts";
import { useProfilePictureUrl } from "../api/profile-picture-image.ts";

/**
 * The profile picture (spec 000 §2.9): choosing a file shows the upload button; upload is
 * POST resources/public (destination profilo) then POST users/profile/picture; deleting a stored
 * picture asks for confirmation (GET users/profile/picture/delete). The picture itself is fetched
 * with the bearer token and shown through an object URL.
 */
export function ProfilePicture({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const upload = useUploadProfilePicture();
  const remove = useDeleteProfilePicture();
  const src = useProfilePictureUrl(user.profile_pic);
  const name = fullName(user);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

  const doUpload = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      alerts.success(t("profile.picture.uploaded"));
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch {
      alerts.error(t("profile.picture.uploadFailed"));
    }
  };

  const doDelete = async () => {
    try {
      await remove.mutateAsync();
      alerts.success(t("profile.picture.deleted"));
    } catch {
      alerts.error(t("profile.picture.deleteFailed"));
    } finally {
      setConfirmDelete(false);
    }
  };

  return (
    <section aria-labelledby="profile-picture-title" className="mb-5">
      <h2 id="profile-picture-title" className="h4">
        {t("profile.picture.title")}
      </h2>
      <div className="d-flex flex-wrap align-items-center gap-4">
        <div className="avatar size-xxl" data-testid="profile-picture">
          {src ? (
            <img src={src} alt={t("profile.picture.alt", { name })} />
          ) : (
            <span role="img" aria-label={t("profile.picture.none")}>
              {initials}
            </span>
          )}
        </div>
        <div>
          <div className="mb-2">
            <label htmlFor={inputId} className="form-label d-block">
              {t("profile.picture.choose")}
            </label>
            <input
              id={inputId}
              ref={fileInput}
              type="file"
              className="form-control"
              accept={IMAGE_MIME_TYPES.join(",")}
              aria-describedby={`${inputId}-hint`}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <small id={`${inputId}-hint`} className="form-text">
              {t("profile.picture.hint", { mb: LIMITS.uploadMaxBytes / (1024 * 1024) })}
            </small>
          </div>
          <div className="d-flex flex-wrap gap-2">
            {file ? (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={upload.isPending}
                onClick={() => void doUpload()}
              >
                {upload.isPending ? t("profile.picture.uploading") : t("profile.picture.upload")}
              </button>
            ) : null}
            {user.profile_pic ? (
              <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setConfirmDelete(true)}>
                {t("profile.picture.delete")}
              </button>
            ) : null}
          </div>
        </div>
      </div>
      <ConfirmModal
        isOpen={confirmDelete}
        title={t("profile.picture.confirmDelete")}
        confirmLabel={t("profile.picture.delete")}
        cancelLabel={t("profile.cancel")}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void doDelete()}
      />
    </section>
  );
}
