import type { TIrstItem, TIrstKind, TIrstUpdate } from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import type { TKey } from "../../../lib/i18n.ts";
import { Pager } from "../../../ui/Pager.tsx";
import { IRST_PAGE_SIZE } from "../api/irst.ts";

/**
 * The parts of the IRST lists that the citizen's page (which edits them) and the operator's read-only
 * view in the patient card share: the last compilation, and one list (drugs or other products).
 */

export function LastUpdate({
  update,
  formatDate,
  noneText,
}: {
  update: TIrstUpdate | null;
  formatDate: (iso: string) => string;
  /** What to say when nothing was compiled yet (the citizen is told "you", the operator "the patient"). */
  noneText?: string;
}) {
  const { t } = useTranslation();
  if (!update) return <>{noneText ?? t("irst.lastUpdate.none")}</>;
  return (
    <>
      {t(update.kind === "variazione" ? "irst.lastUpdate.variation" : "irst.lastUpdate.noVariation", {
        date: formatDate(update.at),
      })}
    </>
  );
}

interface SectionProps {
  kind: TIrstKind;
  title: string;
  empty: string;
  items: TIrstItem[] | undefined;
  total: number;
  page: number;
  onPage: (page: number) => void;
  /** The title's level: 2 on the citizen's page, 3 inside the patient card's health file. */
  headingLevel?: 2 | 3;
  /** Absent: read only (no add button, no delete column). */
  edit?: { addLabel: string; onAdd: () => void; onDelete: (item: TIrstItem) => void };
}

export function IrstSection({ kind, title, empty, items, total, page, onPage, headingLevel = 2, edit }: SectionProps) {
  const { t } = useTranslation();
  const headingId = `irst-${kind}-title`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const code = (group: string, value: string | null) => (value ? t(`irst.codes.${group}.${value}` as TKey) : "");
  return (
    <section className="mb-5" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <Heading id={headingId} className={headingLevel === 2 ? "h4 mb-0" : "h5 mb-0"}>
          {title}
        </Heading>
        {edit ? (
          <Button type="button" color="primary" onClick={edit.onAdd}>
            {edit.addLabel}
          </Button>
        ) : null}
      </div>
      {items?.length === 0 ? <p data-testid={`irst-${kind}-empty`}>{empty}</p> : null}
      {items && items.length > 0 ? (
        <div className="table-responsive">
          <table className="table" data-testid={`irst-${kind}-table`}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("irst.columns.name")}</th>
                <th scope="col">{kind === "farmaco" ? t("irst.columns.route") : t("irst.columns.type")}</th>
                <th scope="col">{t("irst.columns.dosage")}</th>
                <th scope="col">{t("irst.columns.frequency")}</th>
                {kind === "farmaco" ? <th scope="col">{t("irst.columns.prescriber")}</th> : null}
                {edit ? (
                  <th scope="col">
                    <span className="visually-hidden">{t("irst.columns.actions")}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.hashid}>
                  <td>
                    {item.name}
                    {item.not_listed ? <span className="d-block small">{t("irst.notListed")}</span> : null}
                    {item.notes ? <span className="d-block small">{item.notes}</span> : null}
                  </td>
                  <td>{kind === "farmaco" ? code("routes", item.route) : code("productTypes", item.type)}</td>
                  <td>{item.dosage ?? ""}</td>
                  <td>{code("frequencies", item.frequency)}</td>
                  {kind === "farmaco" ? <td>{code("prescribers", item.prescriber)}</td> : null}
                  {edit ? (
                    <td>
                      <Button
                        type="button"
                        color="danger"
                        outline
                        size="sm"
                        aria-label={t("irst.delete.label", { name: item.name })}
                        onClick={() => edit.onDelete(item)}
                      >
                        {t("irst.delete.confirm")}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={page} perPage={IRST_PAGE_SIZE} total={total} onPage={onPage} label={title} />
    </section>
  );
}
