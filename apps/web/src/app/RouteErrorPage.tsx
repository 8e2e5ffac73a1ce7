import { useTranslation } from "react-i18next";

/** Shown when a page fails to render or its code cannot be downloaded (a new release, offline). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main id="main-content" className="container-xxl py-5">
      <h1 className="mb-3">{t("routeError.title")}</h1>
      <p className="lead">{t("routeError.message")}</p>
      <div className="d-flex gap-2 mt-4">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t("routeError.reload")}
        </button>
        <a className="btn btn-outline-primary" href="/">
          {t("routeError.home")}
        </a>
      </div>
    </main>
  );
}
