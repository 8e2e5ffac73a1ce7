import { useLocation } from "react-router";
import AdminContactsPage from "./AdminContactsPage.tsx";
import AdminRegistrationsPage from "./AdminRegistrationsPage.tsx";
import AdminUsersPage from "./AdminUsersPage.tsx";

/**
 * The three pages of this feature as one lazy module (app/routes.tsx gives it to `utenti`,
 * `registrazioni` and `contatti`): one import in the route table instead of three keeps every
 * area's first download smaller (issue 15's budgets), and the three share their code anyway.
 */
export default function AdminUsersArea() {
  const { pathname } = useLocation();
  if (pathname.startsWith("/admin/registrazioni")) return <AdminRegistrationsPage />;
  if (pathname.startsWith("/admin/contatti")) return <AdminContactsPage />;
  return <AdminUsersPage />;
}
