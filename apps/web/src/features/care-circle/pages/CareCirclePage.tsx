import {
  COMPANY_MESSAGES,
  type TCareCircleItem,
  type TDoctorInvitationBody,
  ZDoctorInvitationBody,
} from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { orNull, schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { OpeningHoursTable } from "../../search/components/OpeningHoursTable.tsx";
import { ProviderContacts } from "../../search/components/ProviderContacts.tsx";
import { useCareCircle } from "../api/care-circle.ts";
import { useInviteDoctor } from "../api/doctor-invitation.ts";
import { useAddRelationship } from "../api/relationship.ts";
import { useRemoveRelationship } from "../api/relationship-remove.ts";
import { CareCircleSuggestions } from "../components/CareCircleSuggestions.tsx";

/** The citizen's care circle (circolocura): favourite providers, the preferred one, the doctor invitation. */
export default function CareCirclePage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const circle = useCareCircle();
  const setPreferred = useAddRelationship();
  const remove = useRemoveRelationship();
  const [toRemove, setToRemove] = useState<TCareCircleItem | null>(null);
  const fail = (error: unknown) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));

  return (
    <div>
      <h1 className="mb-4">{t("careCircle.title")}</h1>
      <p>
        <Link to="/cittadino/ricerca">{t("careCircle.search")}</Link>
      </p>
      {circle.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {circle.isError ? <FormMessage kind="error">{circle.error.message}</FormMessage> : null}
      {circle.data?.length === 0 ? <p>{t("careCircle.empty")}</p> : null}
      {circle.data?.map((item) => (
        <article
          key={item.company.hashid}
          className="card card-bg mb-4 p-3"
          aria-labelledby={`circle-${item.company.hashid}`}
          data-testid="care-circle-item"
        >
          <h2 id={`circle-${item.company.hashid}`} className="h4">
            {item.company.name}{" "}
            {item.preferred ? <span className="badge bg-primary">{t("careCircle.preferred")}</span> : null}
          </h2>
          <ProviderContacts company={item.company} />
          <OpeningHoursTable openings={item.openings} caption={t("search.openingsOf", { name: item.company.name })} />
          <div className="d-flex flex-wrap gap-2">
            {item.preferred ? null : (
              <Button
                type="button"
                color="primary"
                outline
                size="sm"
                disabled={setPreferred.isPending}
                aria-label={t("careCircle.makePreferredOf", { name: item.company.name })}
                onClick={() =>
                  setPreferred.mutate(
                    { company_id: item.company.hashid, preferred: true },
                    { onSuccess: () => alerts.success(COMPANY_MESSAGES.dataUpdated), onError: fail },
                  )
                }
              >
                {t("careCircle.makePreferred")}
              </Button>
            )}
            <Button
              type="button"
              color="danger"
              outline
              size="sm"
              aria-label={t("careCircle.removeOf", { name: item.company.name })}
              onClick={() => setToRemove(item)}
            >
              {t("careCircle.remove")}
            </Button>
          </div>
        </article>
      ))}
      <ConfirmModal
        isOpen={toRemove !== null}
        title={t("careCircle.removeTitle")}
        confirmLabel={t("careCircle.remove")}
        cancelLabel={t("companies.actions.cancel")}
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (!toRemove) return;
          remove.mutate(toRemove.company.hashid, {
            onSuccess: () => alerts.success(COMPANY_MESSAGES.relationshipRemoved),
            onError: fail,
            onSettled: () => setToRemove(null),
          });
        }}
      >
        {toRemove ? t("careCircle.removeBody", { name: toRemove.company.name }) : null}
      </ConfirmModal>
      <CareCircleSuggestions />
      <DoctorInvitationForm />
    </div>
  );
}

interface InvitationForm {
  name: string;
  surname: string;
  city: string;
  email: string;
}

const toBody = (v: InvitationForm): TDoctorInvitationBody => ({
  name: v.name.trim(),
  surname: v.surname.trim(),
  city: v.city.trim(),
  email: orNull(v.email),
});

function DoctorInvitationForm() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const invite = useInviteDoctor();
  const form = useAppForm<InvitationForm>({
    defaultValues: { name: "", surname: "", city: "", email: "" },
    resolver: schemaResolver(ZDoctorInvitationBody, toBody),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(toBody(values), {
      onSuccess: () => {
        alerts.success(COMPANY_MESSAGES.doctorInvited);
        form.reset();
      },
      onError: (error) => {
        if (setServerErrors(error, form.setError, ["name", "surname", "city", "email"]).placed === 0)
          alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
      },
    }),
  );
  return (
    <section aria-labelledby="invite-title" className="mt-5">
      <h2 id="invite-title" className="h3">
        {t("careCircle.inviteTitle")}
      </h2>
      <p>{t("careCircle.inviteHint")}</p>
      <form onSubmit={onSubmit} noValidate>
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("careCircle.doctorName")}
            error={errors.name?.message}
            {...form.register("name")}
          />
          <TextField
            wrapperClassName="col-md-6"
            label={t("careCircle.doctorSurname")}
            error={errors.surname?.message}
            {...form.register("surname")}
          />
          <TextField
            wrapperClassName="col-md-6"
            label={t("careCircle.doctorCity")}
            error={errors.city?.message}
            {...form.register("city")}
          />
          <TextField
            wrapperClassName="col-md-6"
            type="email"
            label={`${t("careCircle.doctorEmail")} ${t("common.optional")}`}
            error={errors.email?.message}
            {...form.register("email")}
          />
        </div>
        <Button type="submit" color="primary" disabled={invite.isPending}>
          {t("careCircle.invite")}
        </Button>
      </form>
    </section>
  );
}
