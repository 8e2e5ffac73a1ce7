import type { CuraModule } from "../../platform/module.ts";
import { identityRoutes } from "./routes.ts";

export const identityModule: CuraModule = { name: "identity", routes: identityRoutes };

// The module's public surface (docs/architecture.md "Boundaries"): a user's profile; the read-only
// answers bookings' rules need (a verified phone, a citizen); and what the patients module needs to
// register a patient (an account created for them, their anagrafica, and the look-ups by tax code
// and e-mail that decide whether the person already has an account).
export { toAnagraficaValues, updateAnagrafica } from "./anagrafica.ts";
// Who may change a patient's contacts (an operator only before the person's first sign-in), and an
// operator's verification of a patient's phone (PATCH users/{id}/number-verification, patients).
export { hasEverSignedIn } from "./contacts.ts";
// Who else may read a user's card (GET users/{id}): the care module adds its rule (caregivers, operators).
// The back office (admin module, issue 14): an administrator's deletion of an account (the same
// anonymisation as one's own), the welcome link, and the end of a suspension with an `until`.
export {
  addSuspensionListener,
  addUserReadRule,
  liftSuspension,
  type SuspensionChange,
  type SuspensionListener,
  type UserReadRule,
} from "./directory.ts";
// The text search of accounts on the trigram indexes, shared with the back office's users page.
export {
  accountRowMatchesText,
  emailMatchesText,
  recordMatchesText,
  usersMatchingText,
} from "./directory-repository.ts";
// verifyOtp: the health records check the one-time code that signs a clinical report (issue 11).
export { markNumberVerifiedByOperator, verifyOtp } from "./otp.ts";
export { sendWelcomeLink, WELCOME_LINK_HOURS } from "./passwords.ts";
export { anonymiseAccount } from "./profile.ts";
// personNames: the names of a page's people (the system log, a survey's fills).
export {
  emailVerified,
  isCitizen,
  notificationAddresses,
  personNames,
  phoneVerified,
  reservePhoneVerified,
  sessionIsLive,
} from "./read-models.ts";
export { createAccountFor, EMAIL_TAKEN_MESSAGE } from "./registration.ts";
export { emailTaken, findUsersByTaxCode } from "./repository.ts";
export { currentUser } from "./service.ts";
