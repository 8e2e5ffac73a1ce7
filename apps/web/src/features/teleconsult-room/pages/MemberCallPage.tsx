import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { formatDateTime } from "../../bookings/format.ts";
import { callKey, endCall, markConnected, useCallState } from "../api/call.ts";
import { CallView } from "../components/CallView.tsx";

/**
 * The call page of the citizen (`/cittadino/teleconsulti/chiamata/{id}`) and of the operator
 * (`/operatore/teleconsulto/chiamata/{id}`): one page, the server says who is who.
 */
export default function MemberCallPage() {
  const { t } = useTranslation();
  const { hashid = "" } = useParams();
  const { token } = useSession();
  const call = useCallState(hashid);
  const queryClient = useQueryClient();
  const connectedSent = useRef(false);

  const onConnected = useCallback(() => {
    if (connectedSent.current) return;
    connectedSent.current = true;
    void markConnected(hashid).then(
      (state) => queryClient.setQueryData(callKey(hashid), state),
      () => {},
    );
  }, [hashid, queryClient]);

  return (
    <div>
      <h1 className="mb-3">{t("teleconsultRoom.title")}</h1>
      {call.isPending ? <PageLoader /> : null}
      {call.isError ? (
        <div className="alert alert-danger" role="alert">
          {isApiError(call.error) && call.error.status !== 500
            ? call.error.message
            : t("teleconsultRoom.connectFailed")}
        </div>
      ) : null}
      {call.data && call.data.state === "waiting" ? (
        <div className="alert alert-info" role="status">
          {t("teleconsultRoom.waiting", { at: formatDateTime(call.data.opens_at ?? new Date().toISOString()) })}
        </div>
      ) : null}
      {call.data && call.data.state === "ended" ? (
        <div className="alert alert-info" role="status">
          {t("teleconsultRoom.closed")}
        </div>
      ) : null}
      {call.data && call.data.state === "open" && token ? (
        <CallView state={call.data} token={token} onConnected={onConnected} onEnd={() => endCall(hashid)} />
      ) : null}
    </div>
  );
}
