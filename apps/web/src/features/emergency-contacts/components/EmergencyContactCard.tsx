import type { TEmergencyContact } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export interface EmergencyContactCardProps {
  contact: TEmergencyContact;
  /** Absent for a reader who may not change the contact (a caregiver, an operator). */
  onEdit?: () => void;
  onDelete?: () => void;
}

/** One contact (spec 001 screen 6): the name and phone, the details on view, edit and delete. */
export function EmergencyContactCard({ contact, onEdit, onDelete }: EmergencyContactCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = contact.type === 0 ? `${contact.name} ${contact.surname ?? ""}`.trim() : contact.name;
  const detailsId = `contact-details-${contact.hashid}`;
  return (
    <article
      className="card card-bg p-3 h-100"
      aria-labelledby={`contact-${contact.hashid}`}
      data-testid="emergency-contact"
    >
      <h2 id={`contact-${contact.hashid}`} className="h5">
        {name}
      </h2>
      <p className="mb-1">
        {t(`emergencyContacts.relationships.${contact.relationship}`)} · {t(`emergencyContacts.types.${contact.type}`)}
      </p>
      <p className="mb-2">
        {t("emergencyContacts.phone")}: <a href={`tel:${contact.tel_number}`}>{contact.tel_number}</a>
      </p>
      {open ? (
        <dl id={detailsId} className="mb-2">
          <dt>{t("emergencyContacts.where")}</dt>
          <dd>
            {[contact.address, `${contact.cap} ${contact.comune} (${contact.provincia})`, contact.regione]
              .filter(Boolean)
              .join(", ")}
          </dd>
        </dl>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mt-auto">
        <Button
          type="button"
          color="primary"
          outline
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {open ? t("emergencyContacts.hide") : t("emergencyContacts.view")}
        </Button>
        {onEdit ? (
          <Button
            type="button"
            color="primary"
            outline
            size="sm"
            aria-label={t("emergencyContacts.editOf", { name })}
            onClick={onEdit}
          >
            {t("emergencyContacts.edit")}
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            type="button"
            color="danger"
            outline
            size="sm"
            aria-label={t("emergencyContacts.deleteOf", { name })}
            onClick={onDelete}
          >
            {t("emergencyContacts.delete")}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
