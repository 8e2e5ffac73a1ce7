import { COMPANY_LEVELS, COMPANY_MESSAGES } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, NavLink, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useSession } from "../../../lib/session.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { type OperatorSearchSection, useOperatorSearch } from "../api/operator-search.ts";

const BASE = "/operatore/ricerca";
const SECTIONS: readonly OperatorSearchSection[] = ["strutture", "prestazioni"];

/**
 * `/operatore/ricerca/{section?}` (spec 002 §2): the operator looks up providers (strutture) or
 * health services across providers (prestazioni). A monitoring room (level 5) opens on prestazioni,
 * every other company on strutture.
 */
export default function OperatorSearchPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { section } = useParams();
  const fallback: OperatorSearchSection =
    user?.company?.level === COMPANY_LEVELS.monitoringRoom ? "prestazioni" : "strutture";
  const current = SECTIONS.find((s) => s === section);
  if (!current) return <Navigate to={`${BASE}/${fallback}`} replace />;

  return (
    <div>
      <h1 className="mb-4">{t("operatorSearch.title")}</h1>
      <nav aria-label={t("operatorSearch.sections")}>
        <ul className="nav nav-tabs mb-4">
          {SECTIONS.map((s) => (
            <li className="nav-item" key={s}>
              <NavLink to={`${BASE}/${s}`} className={({ isActive }) => `nav-link${isActive ? " active" : ""}`}>
                {t(`operatorSearch.section.${s}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SearchSection key={current} section={current} />
    </div>
  );
}

function SearchSection({ section }: { section: OperatorSearchSection }) {
  const { t } = useTranslation();
  const { state, search } = useOperatorSearch(section);
  const [text, setText] = useState("");
  const [comune, setComune] = useState("");
  const [error, setError] = useState<string | null>(null);

  const run = (page: number) => {
    const value = text.trim();
    if (section === "prestazioni" && value.length < 2) {
      setError(t("operatorSearch.serviceRequired"));
      return;
    }
    setError(null);
    search({
      ...(section === "prestazioni" ? { service: value } : value ? { q: value } : {}),
      ...(comune.trim() ? { comune: comune.trim() } : {}),
      page,
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(1);
  };

  const pages = state.status === "success" ? Math.ceil(state.result.meta.total / state.result.meta.per_page) : 0;
  return (
    <>
      <form
        className="row align-items-end"
        onSubmit={onSubmit}
        noValidate
        aria-label={t(`operatorSearch.form.${section}`)}
      >
        <TextField
          wrapperClassName="col-12 col-md-5"
          label={t(`operatorSearch.text.${section}`)}
          value={text}
          error={error ?? undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <TextField
          wrapperClassName="col-12 col-md-4"
          label={`${t("operatorSearch.comune")} ${t("common.optional")}`}
          value={comune}
          onChange={(e) => setComune(e.target.value)}
        />
        <div className="col-12 col-md-3 form-group">
          <Button type="submit" color="primary">
            {t("operatorSearch.submit")}
          </Button>
        </div>
      </form>
      <section aria-labelledby="operator-results-title" aria-busy={state.status === "loading"}>
        <h2 id="operator-results-title" className="h4">
          {t("operatorSearch.results")}
        </h2>
        {state.status === "loading" ? (
          <p role="status" className="text-muted">
            {t("common.loading")}
          </p>
        ) : null}
        {state.status === "error" ? (
          <FormMessage kind="error">
            {isApiError(state.error) ? state.error.message : t("errors.unexpected")}
          </FormMessage>
        ) : null}
        {state.status === "success" && state.result.data.length === 0 ? (
          <FormMessage kind="info">{COMPANY_MESSAGES.noCompaniesForService}</FormMessage>
        ) : null}
        {state.status === "success" && state.result.data.length > 0 ? (
          <>
            <p role="status">{t("operatorSearch.found", { count: state.result.meta.total })}</p>
            <ul className="list-group mb-3" data-testid="operator-search-results">
              {state.result.data.map((c) => (
                <li key={c.hashid} className="list-group-item">
                  <span className="fw-semibold">{c.name}</span>
                  <div className="small">
                    {c.subtype_label ?? c.type_label}
                    {" · "}
                    {[c.address, c.comune, c.provincia].filter(Boolean).join(", ")}
                  </div>
                  {c.phone || c.email ? (
                    <div className="small">{[c.phone, c.email].filter(Boolean).join(" · ")}</div>
                  ) : null}
                  {c.health_services && c.health_services.length > 0 ? (
                    <div className="small">
                      {t("operatorSearch.matching")}: {c.health_services.map((s) => s.name).join(", ")}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label={t("search.pagination")} className="d-flex align-items-center gap-3">
                <Button
                  type="button"
                  color="primary"
                  outline
                  size="sm"
                  disabled={state.result.meta.page <= 1}
                  onClick={() => search({ ...state.params, page: state.result.meta.page - 1 })}
                >
                  {t("search.previous")}
                </Button>
                <span>{t("search.pageOf", { page: state.result.meta.page, pages })}</span>
                <Button
                  type="button"
                  color="primary"
                  outline
                  size="sm"
                  disabled={state.result.meta.page >= pages}
                  onClick={() => search({ ...state.params, page: state.result.meta.page + 1 })}
                >
                  {t("search.next")}
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </section>
    </>
  );
}
