import {
  isValidNre,
  isValidRev,
  PRESCRIPTION_MESSAGES,
  type TBookingCreateBody,
  type TCarePerson,
  type TFamilyMember,
} from "@cura/domain";
import {
  completePreferences,
  emptyPreferences,
  type PreferenceRow,
  preferencesError,
} from "./components/PreferencePicker.tsx";
import type { ProductLine } from "./components/ProductSearch.tsx";

/** The wizard's answers so far (spec 001 screen 12) and how they become `POST reservations`. */

/** The wizard's pages under appuntamenti/nuovo/{type}. */
export const WIZARD_TYPES = ["prestazione", "prodotto"] as const;
/**
 * What the wizard books: a health service or a product order (its own pages), or a specialist
 * teleconsultation (teleconsulti/nuovo/specialistico, issue 10): a health service of the teleconsult
 * platform service (ref 2) at a slot, which `POST reservations` books as kind teleconsulto.
 */
export type WizardType = (typeof WIZARD_TYPES)[number] | "teleconsulto";

export interface Named {
  hashid: string;
  name: string;
}

export interface WizardState {
  /** The health service the citizen looks for (prestazione). */
  need: string;
  lines: ProductLine[];
  nre: string;
  rev: string;
  /** Null: for oneself. */
  familyMember: TFamilyMember | null;
  /** A person the citizen is an enabled caregiver of: the booking is theirs (null: not for them). */
  assisted: TCarePerson | null;
  company: Named | null;
  service: Named | null;
  /** The citizen's position, when they let the facility step use it to measure distances. */
  position: { lat: number; lng: number } | null;
  dateMode: "slot" | "preferences";
  start: string | null;
  startLabel: string;
  preferences: PreferenceRow[];
  noPreference: boolean;
  notes: string;
  privacy: boolean;
}

export const initialState = (): WizardState => ({
  need: "",
  lines: [],
  nre: "",
  rev: "",
  familyMember: null,
  assisted: null,
  company: null,
  service: null,
  position: null,
  dateMode: "slot",
  start: null,
  startLabel: "",
  preferences: emptyPreferences(),
  noPreference: false,
  notes: "",
  privacy: false,
});

export type StepId = "need" | "who" | "facility" | "date" | "summary";

export const stepsOf = (type: WizardType): StepId[] =>
  type === "prodotto"
    ? ["need", "who", "facility", "summary"]
    : // A specialist teleconsultation is chosen from the list of them: no need to describe first.
      type === "teleconsulto"
      ? ["who", "facility", "date", "summary"]
      : ["need", "who", "facility", "date", "summary"];

/** The prescription codes' own messages (the same rules as the server's). */
export function prescriptionErrors(state: WizardState): { nre?: string; rev?: string } {
  return {
    ...(state.nre.trim() && !isValidNre(state.nre) ? { nre: PRESCRIPTION_MESSAGES.invalidNre } : {}),
    ...(state.rev.trim() && !isValidRev(state.rev) ? { rev: PRESCRIPTION_MESSAGES.invalidRev } : {}),
  };
}

/** What keeps the citizen on a step, as an i18n key or a domain message; null when they may go on. */
export function stepProblem(type: WizardType, step: StepId, state: WizardState): string | null {
  switch (step) {
    case "need":
      if (type === "prodotto" && state.lines.length === 0) return "bookingWizard.errors.noProducts";
      if (type === "prestazione" && state.need.trim().length < 2) return "bookingWizard.errors.noNeed";
      if (Object.keys(prescriptionErrors(state)).length > 0) return "bookingWizard.errors.prescription";
      return null;
    case "who":
      return null;
    case "facility":
      if (type === "prodotto") return state.company ? null : "bookingWizard.errors.noPharmacy";
      if (type === "teleconsulto") return state.service ? null : "bookingWizard.errors.noTeleconsult";
      return state.service ? null : "bookingWizard.errors.noService";
    case "date":
      // A teleconsultation opens its room at its slot: never booked by preferences.
      if (type === "teleconsulto") return state.start ? null : "bookingWizard.errors.noTeleconsultSlot";
      if (state.dateMode === "slot") return state.start ? null : "bookingWizard.errors.noSlot";
      return preferencesError(state.preferences, state.noPreference);
    case "summary":
      return state.privacy ? null : "bookingWizard.errors.privacy";
  }
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

export function bodyOf(type: WizardType, state: WizardState): TBookingCreateBody {
  const common = {
    ...(state.familyMember ? { family_member: state.familyMember.hashid } : {}),
    ...(state.assisted ? { assisted: state.assisted.hashid } : {}),
    ...(optional(state.nre) ? { nre: optional(state.nre) } : {}),
    ...(optional(state.rev) ? { rev: optional(state.rev) } : {}),
    ...(optional(state.notes) ? { notes: optional(state.notes) } : {}),
  } as Partial<TBookingCreateBody>;
  if (type === "prodotto") {
    return {
      kind: "prodotto",
      company: state.company?.hashid,
      products: state.lines.map((l) => ({ code: l.product.code, quantity: l.quantity })),
      ...common,
    } as TBookingCreateBody;
  }
  if (type === "teleconsulto") {
    return {
      kind: "teleconsulto",
      health_service: state.service?.hashid,
      start: state.start ?? undefined,
      ...common,
    } as TBookingCreateBody;
  }
  const when =
    state.dateMode === "slot"
      ? { start: state.start ?? undefined }
      : state.noPreference
        ? { no_preference: true }
        : { preferences: completePreferences(state.preferences) };
  return { kind: "prestazione", health_service: state.service?.hashid, ...when, ...common } as TBookingCreateBody;
}
