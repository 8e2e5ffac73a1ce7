import { notFound, type TCarePerson, USER_TYPES } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { Ids } from "../../platform/ids.ts";
// Public surface: whether the person is a patient of the operator's company.
import { isPatientOf } from "../patients/index.ts";
import { isEnabledCaregiver } from "./caregivers-repository.ts";

/**
 * Who may see a person's care data (their caregivers, family members, emergency contacts, their
 * card): the person, an enabled caregiver of theirs, an operator of a company the person is a patient
 * of. Anyone else (administrators included: they have their own tools) gets 404, never 403, so
 * nothing tells the person exists.
 */
export async function personVisibleTo(db: Executor, principal: Principal, userId: number): Promise<boolean> {
  if (principal.userId === userId) return true;
  if (principal.type === USER_TYPES.operator) {
    return principal.companyId !== null && (await isPatientOf(db, principal.companyId, userId));
  }
  if (principal.type === USER_TYPES.citizen) return isEnabledCaregiver(db, principal.userId, userId);
  return false;
}

/** The person behind a hashid, when the principal may see them; otherwise 404. */
export async function visiblePerson(db: Executor, ids: Ids, principal: Principal, hashid: string): Promise<number> {
  const userId = ids.decode(hashid);
  if (userId === null || !(await personVisibleTo(db, principal, userId))) throw notFound();
  return userId;
}

export function presentPerson(
  ids: Ids,
  userId: number,
  person: { name: string | null; surname: string | null; picture: number | null },
): TCarePerson {
  return {
    hashid: ids.encode(userId),
    name: person.name ?? "",
    surname: person.surname ?? "",
    profile_pic: person.picture ? `/api/v1/resources/private/${ids.encode(person.picture)}` : null,
  };
}
