import type { TUser } from "@cura/domain";
import { NotificationCentre } from "./NotificationCentre.tsx";
import { PopupNotificationModal } from "./PopupNotificationModal.tsx";

/** What the header of the citizen and operator shells carries for notifications. */
export function HeaderNotifications({ user }: { user: TUser }) {
  if (user.type !== 0 && user.type !== 1) return null;
  return (
    <>
      <NotificationCentre />
      <PopupNotificationModal area={user.type === 0 ? "cittadino" : "operatore"} />
    </>
  );
}
