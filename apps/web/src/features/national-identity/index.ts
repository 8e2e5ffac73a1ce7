/** SPID and CIE sign-in: the login page's buttons and the two return pages (lazy, default exports). */
export { NationalIdentityButtons } from "./components/NationalIdentityButtons.tsx";
