import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

/** Goes back one page, or Home when the page was opened directly (no history inside the app). */
export function BackButton({ className = "btn btn-outline-primary" }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    if (location.key === "default") void navigate("/");
    else void navigate(-1);
  };
  return (
    <button type="button" className={className} onClick={back}>
      {t("common.back")}
    </button>
  );
}
