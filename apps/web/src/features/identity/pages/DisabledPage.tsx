import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SupportModal } from "../../../app/shells/SupportModal.tsx";

/** Account disabled (spec 000 §2.10, §8: login 401). */
export default function DisabledPage() {
  const { t } = useTranslation();
  const [supportOpen, setSupportOpen] = useState(false);
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-3">{t("disabled.title")}</h1>
        <p className="lead">{t("disabled.message")}</p>
        <p>{t("disabled.next", { hours: t("support.hours") })}</p>
        <div className="d-flex flex-wrap gap-2 mt-4">
          <button type="button" className="btn btn-primary" onClick={() => setSupportOpen(true)}>
            {t("login.contactSupport")}
          </button>
          <Link to="/login" className="btn btn-outline-primary">
            {t("disabled.backToLogin")}
          </Link>
        </div>
        <SupportModal isOpen={supportOpen} onClose={() => setSupportOpen(false)} />
      </div>
    </div>
  );
}
