import { HEALTH_READ_SECTIONS, HEALTH_READER_ROLES } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { type ReadFilters, useReads } from "../api/records.ts";
import { QueryState } from "../components/Loading.tsx";
import { formatDayTime } from "../format.ts";
import type { HealthTabProps } from "../types.ts";

/** 'Chi ha consultato i miei dati' (issue 11): every read of the person's data by others, with filters. */
export default function AccessLogTab(_props: HealthTabProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ReadFilters>({ section: "", role: "", from: "", to: "" });
  const [page, setPage] = useState(1);
  const reads = useReads(filters, page);
  const set = (key: keyof ReadFilters, value: string) => {
    setFilters({ ...filters, [key]: value });
    setPage(1);
  };
  const sectionLabel = (section: string) => t(`healthFile.sections.${section}`, { defaultValue: section });
  return (
    <section aria-labelledby="reads-title">
      <h2 id="reads-title" className="h4">
        {t("healthFile.reads.title")}
      </h2>
      <p className="text-muted">{t("healthFile.reads.hint")}</p>
      <fieldset className="row">
        <legend className="visually-hidden">{t("healthFile.reads.filters")}</legend>
        <SelectField
          wrapperClassName="col-md-3"
          label={t("healthFile.reads.section")}
          value={filters.section}
          placeholder={t("healthFile.reads.allSections")}
          options={HEALTH_READ_SECTIONS.map((s) => ({ value: s, label: sectionLabel(s) }))}
          onChange={(e) => set("section", e.target.value)}
        />
        <SelectField
          wrapperClassName="col-md-3"
          label={t("healthFile.reads.role")}
          value={filters.role}
          placeholder={t("healthFile.reads.allRoles")}
          options={HEALTH_READER_ROLES.map((r) => ({ value: r, label: t(`healthFile.reads.roles.${r}`) }))}
          onChange={(e) => set("role", e.target.value)}
        />
        <TextField
          wrapperClassName="col-md-3"
          type="date"
          label={t("healthFile.reads.from")}
          value={filters.from}
          onChange={(e) => set("from", e.target.value)}
        />
        <TextField
          wrapperClassName="col-md-3"
          type="date"
          label={t("healthFile.reads.to")}
          value={filters.to}
          onChange={(e) => set("to", e.target.value)}
        />
      </fieldset>
      <QueryState pending={reads.isPending} error={reads.error} />
      {reads.data?.data.length === 0 ? <p>{t("healthFile.reads.empty")}</p> : null}
      {reads.data && reads.data.data.length > 0 ? (
        <div className="table-responsive">
          {/* A card per read on a phone (cura-stack-table, styles/bootstrap-italia.scss). */}
          <table className="table cura-stack-table" data-testid="health-reads">
            <caption className="visually-hidden">{t("healthFile.reads.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("healthFile.reads.when")}</th>
                <th scope="col">{t("healthFile.reads.who")}</th>
                <th scope="col">{t("healthFile.reads.role")}</th>
                <th scope="col">{t("healthFile.reads.company")}</th>
                <th scope="col">{t("healthFile.reads.what")}</th>
              </tr>
            </thead>
            <tbody>
              {reads.data.data.map((read) => (
                <tr key={read.id} data-testid="health-read">
                  <th scope="row">{formatDayTime(read.read_at)}</th>
                  <td data-label={t("healthFile.reads.who")}>{read.reader ?? "—"}</td>
                  <td data-label={t("healthFile.reads.role")}>{t(`healthFile.reads.roles.${read.role}`)}</td>
                  <td data-label={t("healthFile.reads.company")}>{read.company ?? "—"}</td>
                  <td data-label={t("healthFile.reads.what")}>{sectionLabel(read.section)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {reads.data ? (
        <Pager page={page} total={reads.data.meta.total} perPage={reads.data.meta.per_page} onPage={setPage} />
      ) : null}
    </section>
  );
}
