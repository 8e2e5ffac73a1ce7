import { FAMILY_RELATIONSHIPS } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useOwnCaregivers } from "../../caregivers/api/own-caregivers.ts";
import { useFamilyMembers } from "../api/family-members.ts";
import { FamilyMemberModal } from "./FamilyMemberModal.tsx";
import type { StepProps } from "./NeedStep.tsx";

/** Step 2: for oneself or for a family member, who can be added here. */
export function ForWhomStep({ state, update }: StepProps) {
  const { t } = useTranslation();
  const members = useFamilyMembers();
  // The people the citizen is an enabled caregiver of: a booking for them is theirs (spec 001 §6).
  const assisted = (useOwnCaregivers().data?.assisted ?? []).filter((r) => r.status === "enabled");
  const [adding, setAdding] = useState(false);
  const chosen = state.familyMember?.hashid ?? (state.assisted ? `assisted-${state.assisted.hashid}` : "");

  return (
    <fieldset>
      <legend className="h5">{t("bookingWizard.who.legend")}</legend>
      <div className="form-check">
        <input
          id="who-self"
          type="radio"
          name="who"
          checked={chosen === ""}
          onChange={() => update({ familyMember: null, assisted: null })}
        />
        <label htmlFor="who-self">{t("bookingWizard.who.self")}</label>
      </div>
      {members.isError ? <FormMessage kind="error">{members.error.message}</FormMessage> : null}
      {(members.data ?? []).map((member) => (
        <div className="form-check" key={member.hashid}>
          <input
            id={`who-${member.hashid}`}
            type="radio"
            name="who"
            checked={chosen === member.hashid}
            onChange={() => update({ familyMember: member, assisted: null })}
          />
          <label htmlFor={`who-${member.hashid}`}>
            {member.name} {member.surname} ({FAMILY_RELATIONSHIPS[member.relationship]})
          </label>
        </div>
      ))}
      {assisted.map(({ assisted: person }) => (
        <div className="form-check" key={`assisted-${person.hashid}`}>
          <input
            id={`who-assisted-${person.hashid}`}
            type="radio"
            name="who"
            checked={chosen === `assisted-${person.hashid}`}
            onChange={() => update({ familyMember: null, assisted: person })}
          />
          <label htmlFor={`who-assisted-${person.hashid}`}>
            {person.name} {person.surname} ({t("bookingWizard.who.assisted")})
          </label>
        </div>
      ))}
      <Button type="button" color="primary" outline size="sm" className="mt-3" onClick={() => setAdding(true)}>
        {t("bookingWizard.who.add")}
      </Button>
      <FamilyMemberModal
        isOpen={adding}
        onClose={() => setAdding(false)}
        onCreated={(member) => {
          update({ familyMember: member, assisted: null });
          setAdding(false);
        }}
      />
    </fieldset>
  );
}
