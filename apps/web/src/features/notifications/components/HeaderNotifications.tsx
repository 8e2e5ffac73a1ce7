import type { TUser } from "@cura/domain";
import { NotificationCentre } from "./NotificationCentre.tsx";
import { PopupNotificationModal } from "./PopupNotificationModal.tsx";

/** What the header of the citizen and operator shells carries for notifications. */
export function HeaderNotifications({ user }: { user: TUser }) {
  if (user.type !== 0 && user.type !== 1) return null;
  // The API answers an account with a verification pending with 401 and sends the user to verify it:
  // polling from the header would pull someone off the phone page onto the e-mail page.
  if (!user.number_verified_at || (user.email && !user.email_verified_at)) return null;
  return (
    <>
      <NotificationCentre />
      <PopupNotificationModal area={user.type === 0 ? "cittadino" : "operatore"} />
    </>
  );
}
