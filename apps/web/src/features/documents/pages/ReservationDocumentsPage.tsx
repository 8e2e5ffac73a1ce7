import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { CitizenReservationDocuments } from "../components/CitizenReservationDocuments.tsx";

/** /cittadino/documenti/prenotazione/:hashid: a reservation's documents to read, sign and download. */
export default function ReservationDocumentsPage() {
  const { t } = useTranslation();
  const { hashid = "" } = useParams();
  return (
    <div>
      <Link to="/cittadino/appuntamenti" className="d-inline-block mb-3">
        {t("documents.backToBookings")}
      </Link>
      <h1 className="mb-4">{t("documents.citizenTitle")}</h1>
      <CitizenReservationDocuments reservation={hashid} />
    </div>
  );
}
