import { useTranslation } from "react-i18next";
import { ContactForm } from "../components/ContactForm.tsx";

/** /contatti: the public contact form, linked from every page's footer. */
export default function PublicContactPage() {
  const { t } = useTranslation();
  return (
    <div className="row">
      <div className="col-lg-8">
        <h1 className="mb-3">{t("nav.publicContact")}</h1>
        <p className="lead">{t("publicContact.intro")}</p>
        <ContactForm />
      </div>
    </div>
  );
}
