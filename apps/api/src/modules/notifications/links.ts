import type { NotificationAudience } from "@cura/domain";
import type { Ids } from "../../platform/ids.ts";

/** The web app's page of a booking, in the area of whom the notification speaks to. */
export function bookingLink(ids: Ids, audience: NotificationAudience, bookingId: number | null): string | null {
  if (bookingId === null) return null;
  const hashid = ids.encode(bookingId);
  if (audience === "citizen") return `/cittadino/appuntamenti/dettaglio/${hashid}`;
  if (audience === "operator") return `/operatore/prenotazioni/dettaglio/${hashid}`;
  return null;
}
