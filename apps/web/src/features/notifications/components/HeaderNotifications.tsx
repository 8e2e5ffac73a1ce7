import type { TUser } from "@cura/domain";
import { lazy, Suspense, useEffect } from "react";
import { usePublicFlagOnceRead } from "../../../lib/settings.ts";
import { refreshSubscription } from "../../reminders/api/push.ts";
import { NotificationCentre } from "./NotificationCentre.tsx";

// Its own chunk: it starts only after the settings answer, so loading it then costs the first page
// nothing (and keeps the modal's code out of every area's initial JS).
const PopupNotificationModal = lazy(() =>
  import("./PopupNotificationModal.tsx").then((m) => ({ default: m.PopupNotificationModal })),
);

/** What the header of the citizen and operator shells carries for notifications. */
export function HeaderNotifications({ user }: { user: TUser }) {
  if (user.type !== 0 && user.type !== 1) return null;
  // The API answers an account with a verification pending with 401 and sends the user to verify it:
  // polling from the header would pull someone off the phone page onto the e-mail page.
  if (!user.number_verified_at || (user.email && !user.email_verified_at)) return null;
  return (
    <>
      <NotificationCentre />
      <PopupsUnlessOff area={user.type === 0 ? "cittadino" : "operatore"} />
      <PushSubscriptionRefresh userHashid={user.hashid} />
    </>
  );
}

/** Once per signed-in user and page load: a browser already subscribed to push sends it again. */
function PushSubscriptionRefresh({ userHashid }: { userHashid: string }) {
  useEffect(() => {
    // Keyed on the user: another account signed in on this page takes the subscription over.
    if (userHashid) void refreshSubscription();
  }, [userHashid]);
  return null;
}

/**
 * The back office can turn popups off (feature.popup): then nothing polls for them. The flag is read
 * once per page load, and before the first poll.
 */
function PopupsUnlessOff({ area }: { area: "cittadino" | "operatore" }) {
  const popups = usePublicFlagOnceRead("feature.popup");
  return popups ? (
    <Suspense fallback={null}>
      <PopupNotificationModal area={area} />
    </Suspense>
  ) : null;
}
