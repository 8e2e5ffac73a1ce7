import { COMPANY_MESSAGES } from "@cura/domain";
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "design-react-kit";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { type ServiceKind, useSaveServiceOpenings, useServiceOpenings } from "../api/service-openings.ts";
import { messageOf } from "./errors.ts";
import { Loading } from "./Loading.tsx";
import { WeeklyHoursForm } from "./OpeningHoursEditor.tsx";

/**
 * A service's own weekly hours (a health service or a platform service). Without hours of its own
 * a service follows the company's: the form then starts from those, and saving gives the service
 * its own; "Usa gli orari dell'azienda" clears them (an empty list).
 */
export function ServiceHoursModal({
  kind,
  service,
  onClose,
}: {
  kind: ServiceKind;
  service: { hashid: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const titleId = useId();
  const openings = useServiceOpenings(kind, service.hashid);
  const save = useSaveServiceOpenings(kind, service.hashid);

  const clear = () =>
    save.mutate(
      { days: [] },
      {
        onSuccess: () => alerts.success(COMPANY_MESSAGES.openingsUpdated),
        onError: (error) => alerts.error(messageOf(error)),
      },
    );

  return (
    <Modal isOpen toggle={onClose} labelledBy={titleId} size="lg" centered trapFocus returnFocusAfterClose>
      <ModalHeader id={titleId} tag="h2" toggle={onClose} closeAriaLabel={t("common.close")}>
        {t("companies.serviceHours.title", { name: service.name })}
      </ModalHeader>
      <ModalBody>
        {openings.isPending ? <Loading /> : null}
        {openings.isError ? <FormMessage kind="error">{openings.error.message}</FormMessage> : null}
        {openings.data ? (
          <>
            <FormMessage kind="info">
              {openings.data.inherited ? t("companies.serviceHours.inherited") : t("companies.serviceHours.own")}
            </FormMessage>
            <WeeklyHoursForm
              openings={openings.data}
              busy={save.isPending}
              title={t("companies.serviceHours.formTitle")}
              headingClassName="h5"
              onSave={(body, done) => save.mutate(body, { onSuccess: done.success, onError: done.error })}
              actions={
                openings.data.inherited ? null : (
                  <Button type="button" color="secondary" outline disabled={save.isPending} onClick={clear}>
                    {t("companies.serviceHours.clear")}
                  </Button>
                )
              }
            />
          </>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button type="button" color="secondary" outline onClick={onClose}>
          {t("common.close")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
