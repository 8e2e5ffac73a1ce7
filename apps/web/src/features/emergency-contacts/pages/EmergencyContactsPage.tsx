import { EMERGENCY_CONTACTS_MAX, EMERGENCY_MESSAGES, type TEmergencyContact } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useDeleteEmergencyContact, useEmergencyContacts } from "../api/emergency-contacts.ts";
import { EmergencyContactCard } from "../components/EmergencyContactCard.tsx";
import { EmergencyContactModal } from "../components/EmergencyContactModal.tsx";

/**
 * The citizen's emergency contacts (spec 001 screen 6): cards, a modal to add or edit, confirmed
 * deletion. Spec 000 §2.9: only once the citizen's e-mail is verified (the API refuses otherwise).
 */
export default function EmergencyContactsPage() {
  const { t } = useTranslation();
  const user = useSession().user;
  if (!user?.email || !user.email_verified_at) {
    return (
      <div>
        <h1 className="mb-3">{t("emergencyContacts.title")}</h1>
        <FormMessage kind="info">{t("emergencyContacts.emailRequired")}</FormMessage>
        <Link to="/cittadino/profilo">{t("emergencyContacts.toProfile")}</Link>
      </div>
    );
  }
  return <EmergencyContacts userHashid={user.hashid} />;
}

function EmergencyContacts({ userHashid }: { userHashid: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const contacts = useEmergencyContacts(userHashid);
  const remove = useDeleteEmergencyContact(userHashid);
  const [editing, setEditing] = useState<TEmergencyContact | null>(null);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<TEmergencyContact | null>(null);
  const count = contacts.data?.length ?? 0;
  const addButton = (
    <Button type="button" color="primary" disabled={count >= EMERGENCY_CONTACTS_MAX} onClick={() => setAdding(true)}>
      {t("emergencyContacts.add")}
    </Button>
  );

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="mb-0">{t("emergencyContacts.title")}</h1>
        {count > 0 ? addButton : null}
      </div>
      <p>{t("emergencyContacts.lead", { max: EMERGENCY_CONTACTS_MAX })}</p>
      {contacts.isPending ? <PageLoader /> : null}
      {contacts.isError ? <FormMessage kind="error">{t("emergencyContacts.loadError")}</FormMessage> : null}
      {contacts.data?.length === 0 ? (
        <div className="text-center py-4" data-testid="emergency-empty">
          <p>{t("emergencyContacts.empty")}</p>
          {addButton}
        </div>
      ) : null}
      <div className="row">
        {contacts.data?.map((contact) => (
          <div key={contact.hashid} className="col-12 col-lg-6 mb-4">
            <EmergencyContactCard
              contact={contact}
              onEdit={() => setEditing(contact)}
              onDelete={() => setToDelete(contact)}
            />
          </div>
        ))}
      </div>
      <EmergencyContactModal
        isOpen={adding || editing !== null}
        userHashid={userHashid}
        contact={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("emergencyContacts.deleteTitle")}
        confirmLabel={t("emergencyContacts.delete")}
        cancelLabel={t("emergencyContacts.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.hashid, {
            onSuccess: () => alerts.success(EMERGENCY_MESSAGES.deleted),
            onError: (error) => alerts.error(isApiError(error) ? error.message : t("emergencyContacts.deleteError")),
            onSettled: () => setToDelete(null),
          });
        }}
      >
        {toDelete ? t("emergencyContacts.deleteBody", { name: toDelete.name }) : null}
      </ConfirmModal>
    </div>
  );
}
