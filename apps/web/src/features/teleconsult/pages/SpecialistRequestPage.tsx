import { Wizard } from "../../booking-wizard/pages/BookingWizardPage.tsx";

/**
 * `teleconsulti/nuovo/specialistico` (spec 001 §2: nuovo, subsection specialistico, type teleconsulto):
 * a specialist teleconsultation (ref 2) is a booking at a slot, so the booking wizard books it (for
 * whom, which teleconsultation, the slot, the summary) and lands on its preview.
 */
export default function SpecialistRequestPage() {
  return <Wizard type="teleconsulto" />;
}
