import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { useRespondToReminder } from "../api/reminders.ts";

/**
 * A reminder's link (`/promemoria/{token}`): the answer is sent by pressing the button, not by
 * opening the page, so a link preview in a messaging app never cancels an appointment.
 */
export default function ReminderAnswerPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? "";
  const respond = useRespondToReminder();
  const cancelling = token.includes(".a.");
  return (
    <div className="container py-4">
      <h1 className="mb-3">{t("reminders.answerTitle")}</h1>
      {respond.isSuccess ? (
        <FormMessage kind="success">{respond.data.message}</FormMessage>
      ) : (
        <>
          <p>{cancelling ? t("reminders.answerCancel") : t("reminders.answerConfirm")}</p>
          {respond.isError ? (
            <FormMessage kind="error">
              {isApiError(respond.error) ? respond.error.message : t("errors.unexpected")}
            </FormMessage>
          ) : null}
          <Button
            type="button"
            color={cancelling ? "danger" : "primary"}
            disabled={respond.isPending}
            onClick={() => respond.mutate(token)}
          >
            {cancelling ? t("reminders.cannotCome") : t("reminders.confirm")}
          </Button>
        </>
      )}
    </div>
  );
}
