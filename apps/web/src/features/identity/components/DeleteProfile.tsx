import { DELAYS_MS } from "@cura/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { session } from "../../../lib/session.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { useDeleteProfile } from "../api/profile-delete.ts";

/**
 * Profile deletion (spec 000 §4, §8): asks for confirmation, then GET users/profile/delete; on
 * success the message shows and the user is logged out after 3 s (the server already ended every
 * session, so there is no logout call to make).
 */
export function DeleteProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteProfile();
  const [confirm, setConfirm] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => {
      session.clear();
      queryClient.clear();
      void navigate("/login", { replace: true });
    }, DELAYS_MS.profileDeletionLogout);
    return () => clearTimeout(timer);
  }, [deleted, navigate, queryClient]);

  const doDelete = async () => {
    setFailed(false);
    try {
      await remove.mutateAsync();
      setDeleted(true);
    } catch {
      setFailed(true);
    } finally {
      setConfirm(false);
    }
  };

  return (
    <section aria-labelledby="profile-delete-title" className="mb-5">
      <h2 id="profile-delete-title" className="h4">
        {t("profile.delete.title")}
      </h2>
      <p>{t("profile.delete.text")}</p>
      {deleted ? (
        <FormMessage kind="success" testId="profile-deleted">
          {t("profile.delete.done")}
        </FormMessage>
      ) : null}
      {failed ? <FormMessage kind="error">{t("profile.delete.failed")}</FormMessage> : null}
      <button type="button" className="btn btn-danger" disabled={deleted} onClick={() => setConfirm(true)}>
        {t("profile.delete.button")}
      </button>
      <ConfirmModal
        isOpen={confirm}
        title={t("profile.delete.confirm")}
        confirmLabel={t("profile.delete.confirmYes")}
        cancelLabel={t("profile.cancel")}
        busy={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() => void doDelete()}
      >
        <p className="mb-0">{t("profile.delete.confirmText")}</p>
      </ConfirmModal>
    </section>
  );
}
