import { COMPANY_MESSAGES, COMPANY_TYPES, type CompanyType } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { useComuni } from "../../geo/api/comuni.ts";
import { useProvince } from "../../geo/api/province.ts";
import { useRegioni } from "../../geo/api/regioni.ts";
import { useConsentedPosition } from "../../geo/components/ConsentedPosition.tsx";
import type { ProviderSearchParams } from "../api/search-providers.ts";
import { useProviderSearch } from "../api/use-provider-search.ts";
import { formatKm } from "../distance.ts";

interface Filters {
  q: string;
  type: string;
  regione: string;
  provincia: string;
  comune: string;
  cap: string;
}

const EMPTY: Filters = { q: "", type: "", regione: "", provincia: "", comune: "", cap: "" };
const FILTER_KEYS = Object.keys(EMPTY) as (keyof Filters)[];

/** The filters live in the address (not the position), so Back from a provider shows the results again. */
function filtersFromUrl(url: URLSearchParams): Filters {
  const filters = { ...EMPTY };
  for (const key of FILTER_KEYS) filters[key] = url.get(key) ?? "";
  return filters;
}

function urlOf(params: ProviderSearchParams, page: number): URLSearchParams {
  const url = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key !== "page" && value !== undefined) url.set(key, String(value));
  }
  if ([...url.keys()].length > 0 && page > 1) url.set("page", String(page));
  return url;
}

const SEARCHABLE_TYPES = (Object.keys(COMPANY_TYPES) as CompanyType[]).filter((type) => type !== "centrale");

function paramsOf(filters: Filters): ProviderSearchParams {
  const params: ProviderSearchParams = {};
  if (filters.q.trim()) params.q = filters.q.trim();
  if (filters.type) params.type = filters.type as CompanyType;
  if (filters.regione) params.regione = filters.regione;
  if (filters.provincia) params.provincia = filters.provincia;
  if (filters.comune) params.comune = filters.comune;
  if (filters.cap.trim()) params.cap = filters.cap.trim();
  return params;
}

/**
 * Provider search (spec 001 screen 15): by name, type, region, province, comune, CAP, or the current
 * position after the citizen consents to geolocation. Paged; a newer search aborts the older one.
 */
export default function ProviderSearchPage() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => filtersFromUrl(searchParams));
  const [capError, setCapError] = useState<string | null>(null);
  const { state, search } = useProviderSearch();
  const regioni = useRegioni();
  const province = useProvince(filters.regione);
  const comuni = useComuni(filters.provincia);

  const addressed = searchParams.toString();
  // A search per address: submitting, paging, Back and Forward all go through the URL.
  useEffect(() => {
    const url = new URLSearchParams(addressed);
    const params = paramsOf(filtersFromUrl(url));
    if (Object.keys(params).length === 0) return;
    search({ ...params, page: Number(url.get("page")) || 1 });
  }, [addressed, search]);

  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (filters.cap.trim() && !/^\d{5}$/.test(filters.cap.trim())) {
      setCapError(t("search.capInvalid"));
      return;
    }
    setCapError(null);
    const next = urlOf(paramsOf(filters), 1);
    if ([...next.keys()].length === 0 || next.toString() === addressed) search({ ...paramsOf(filters), page: 1 });
    else setSearchParams(next);
  };

  const nearMe = useConsentedPosition({
    onPosition: ({ lat, lng }) => search({ ...paramsOf(filters), lat, lng, page: 1 }),
    deniedMessage: t("search.positionDenied"),
  });

  const goTo = (page: number) => {
    if (state.status !== "success") return;
    // A search by position stays out of the address (the position is not kept anywhere).
    if (state.params.lat !== undefined) search({ ...state.params, page });
    else setSearchParams(urlOf(state.params, page));
  };

  return (
    <div>
      <h1 className="mb-4">{t("search.title")}</h1>
      <form onSubmit={onSubmit} noValidate aria-label={t("search.formLabel")}>
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("search.name")}
            value={filters.q}
            onChange={(e) => set({ q: e.target.value })}
          />
          <SelectField
            wrapperClassName="col-md-6"
            label={t("search.type")}
            placeholder={t("search.anyType")}
            value={filters.type}
            onChange={(e) => set({ type: e.target.value })}
            options={SEARCHABLE_TYPES.map((type) => ({ value: type, label: COMPANY_TYPES[type] }))}
          />
          <SelectField
            wrapperClassName="col-md-4"
            label={t("search.regione")}
            placeholder={t("search.any")}
            value={filters.regione}
            onChange={(e) => set({ regione: e.target.value, provincia: "", comune: "" })}
            options={(regioni.data ?? []).map((r) => ({ value: r.regione, label: r.regione }))}
          />
          <SelectField
            wrapperClassName="col-md-4"
            label={t("search.provincia")}
            placeholder={t("search.any")}
            value={filters.provincia}
            disabled={!filters.regione}
            onChange={(e) => set({ provincia: e.target.value, comune: "" })}
            options={(province.data ?? []).map((p) => ({ value: p.sigla, label: p.provincia }))}
          />
          <SelectField
            wrapperClassName="col-md-4"
            label={t("search.comune")}
            placeholder={t("search.any")}
            value={filters.comune}
            disabled={!filters.provincia}
            onChange={(e) => set({ comune: e.target.value })}
            options={(comuni.data ?? []).map((c) => ({ value: c.comune, label: c.comune }))}
          />
          <TextField
            wrapperClassName="col-md-4"
            label={t("search.cap")}
            inputMode="numeric"
            maxLength={5}
            value={filters.cap}
            error={capError ?? undefined}
            onChange={(e) => set({ cap: e.target.value })}
          />
        </div>
        <div className="d-flex flex-wrap gap-2 mb-4">
          <Button type="submit" color="primary">
            {t("search.submit")}
          </Button>
          <Button type="button" color="primary" outline onClick={nearMe.ask}>
            {t("search.nearMe")}
          </Button>
          <Button type="button" color="secondary" outline onClick={() => setFilters(EMPTY)}>
            {t("search.reset")}
          </Button>
        </div>
      </form>
      {nearMe.prompt}

      <section aria-labelledby="results-title" aria-busy={state.status === "loading"}>
        <h2 id="results-title" className="h3">
          {t("search.results")}
        </h2>
        {state.status === "idle" ? <p>{t("search.start")}</p> : null}
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
            <p role="status">{t("search.found", { count: state.result.meta.total })}</p>
            <ul className="list-group mb-3" data-testid="search-results">
              {state.result.data.map((c) => (
                <li key={c.hashid} className="list-group-item">
                  <Link
                    to={`/cittadino/ricerca/${encodeURIComponent(c.hashid)}`}
                    state={{ search: addressed ? `?${addressed}` : "" }}
                    className="fw-semibold"
                  >
                    {c.name}
                  </Link>
                  <div className="small">
                    {c.subtype_label ?? c.type_label}
                    {" · "}
                    {[c.address, c.comune, c.provincia].filter(Boolean).join(", ")}
                    {c.distance_km !== null ? ` · ${formatKm(c.distance_km, i18n.language)}` : ""}
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              page={state.result.meta.page}
              pages={Math.max(1, Math.ceil(state.result.meta.total / state.result.meta.per_page))}
              onGo={goTo}
            />
          </>
        ) : null}
      </section>
    </div>
  );
}

function Pager({ page, pages, onGo }: { page: number; pages: number; onGo: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("search.pagination")} className="d-flex align-items-center gap-3">
      <Button type="button" color="primary" outline size="sm" disabled={page <= 1} onClick={() => onGo(page - 1)}>
        {t("search.previous")}
      </Button>
      <span>{t("search.pageOf", { page, pages })}</span>
      <Button type="button" color="primary" outline size="sm" disabled={page >= pages} onClick={() => onGo(page + 1)}>
        {t("search.next")}
      </Button>
    </nav>
  );
}
