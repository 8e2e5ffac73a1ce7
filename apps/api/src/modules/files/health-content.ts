import { UPLOAD_DESTINATIONS } from "@cura/domain";

/**
 * Which uploads are health content, by their destination: the one rule that decides both that a
 * file is encrypted at rest whatever the client's `encrypt` flag says, and that reading it is written
 * to the access log (issue 9 §4).
 *
 * Everything is health content except what is shown to others by design and says nothing about
 * anyone's health: a profile picture, a company's picture, and a health service's attachments (the
 * company's own preparation notes, which any signed-in citizen reads while the service is active).
 * Prescriptions (the default destination, order), clinical images, reports, archive files and any
 * destination added later are health content: a new kind of upload is protected until someone
 * decides otherwise here.
 *
 * The client's `encrypt` flag still decides which formats are accepted (spec 001 §5: pdf only with
 * encryption); it no longer decides how the bytes are kept.
 */
const NOT_HEALTH_CONTENT: ReadonlySet<string> = new Set([
  UPLOAD_DESTINATIONS.profile,
  UPLOAD_DESTINATIONS.companyPicture,
  UPLOAD_DESTINATIONS.serviceAttachments,
]);

export function isHealthContent(destination: string): boolean {
  return !NOT_HEALTH_CONTENT.has(destination);
}
