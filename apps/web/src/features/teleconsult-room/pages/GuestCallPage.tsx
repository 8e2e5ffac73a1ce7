import type { TCallState, TIceServer } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { guestState, openGuestLink } from "../api/call.ts";
import { CallView } from "../components/CallView.tsx";

/**
 * `/teleconsulto/ospite/{token}`: a guest without an account. The link opens once, with a press of
 * the button (not on load: a mail client's link preview must not spend it); then the guest waits for
 * the operator to admit them.
 */
export default function GuestCallPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const [opened, setOpened] = useState<{ token: string; state: TCallState } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      setOpened(await openGuestLink(token));
      setError(null);
    } catch (caught) {
      setError(isApiError(caught) && caught.status < 500 ? caught.message : t("teleconsultRoom.connectFailed"));
    } finally {
      setBusy(false);
    }
  };

  // Once the socket is ready: admitted already (the operator may admit before the guest's socket opens)?
  const admission = async (): Promise<TIceServer[] | null> => {
    if (!opened) return null;
    const state = await guestState(opened.token);
    return state.parties.some((party) => party.hashid === state.me) ? state.ice_servers : null;
  };

  return (
    <div className="container my-4">
      <h1 className="mb-3">{t("teleconsultRoom.guest.pageTitle")}</h1>
      {error ? (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      ) : null}
      {!opened ? (
        <>
          <p className="lead">{t("teleconsultRoom.guest.lead")}</p>
          <button type="button" className="btn btn-primary" onClick={() => void open()} disabled={busy}>
            {t("teleconsultRoom.guest.open")}
          </button>
        </>
      ) : (
        <>
          <p role="status">{t("teleconsultRoom.guest.waitingAdmission")}</p>
          <CallView state={opened.state} token={opened.token} waitForAdmission admission={admission} />
        </>
      )}
    </div>
  );
}
