import { FAMILY_RELATIONSHIPS } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useFamilyMembers } from "../api/family-members.ts";
import { FamilyMemberModal } from "./FamilyMemberModal.tsx";
import type { StepProps } from "./NeedStep.tsx";

/** Step 2: for oneself or for a family member, who can be added here. */
export function ForWhomStep({ state, update }: StepProps) {
  const { t } = useTranslation();
  const members = useFamilyMembers();
  const [adding, setAdding] = useState(false);
  const chosen = state.familyMember?.hashid ?? "";

  return (
    <fieldset>
      <legend className="h5">{t("bookingWizard.who.legend")}</legend>
      <div className="form-check">
        <input
          id="who-self"
          type="radio"
          name="who"
          checked={chosen === ""}
          onChange={() => update({ familyMember: null })}
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
            onChange={() => update({ familyMember: member })}
          />
          <label htmlFor={`who-${member.hashid}`}>
            {member.name} {member.surname} ({FAMILY_RELATIONSHIPS[member.relationship]})
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
          update({ familyMember: member });
          setAdding(false);
        }}
      />
    </fieldset>
  );
}
