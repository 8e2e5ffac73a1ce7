import { Navigate } from "react-router";
import { bookingsListPath } from "../sections.ts";

/** /cittadino/appuntamenti (the menu entry): the pending visits and services. */
export default function BookingsIndexPage() {
  return <Navigate to={bookingsListPath()} replace />;
}
