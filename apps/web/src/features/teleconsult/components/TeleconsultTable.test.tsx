import type { TTeleconsult } from "@cura/domain";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18nReady } from "../../../lib/i18n.ts";
import { TeleconsultTable } from "./TeleconsultTable.tsx";

const item: TTeleconsult = {
  hashid: "t1",
  kind: "rapido",
  status: "ricevuto",
  reason: "Febbre alta",
  deadline: null,
  start: null,
  end: null,
  taken_at: null,
  connected_at: null,
  ended_at: null,
  end_reason: null,
  attachments: [],
  created_at: "2026-11-20T08:00:00Z",
  service: { name: "Teleconsulto rapido" },
  company: { hashid: "c1", name: "Farmacia San Marco" },
  citizen: { hashid: "u1", name: "Maria", surname: "Rossi" },
  family_member: null,
  operator: null,
};

describe("teleconsultation table", () => {
  it("becomes a card per row on a phone: stacked, the row's header its title, each cell named by its column", async () => {
    await i18nReady;
    render(<TeleconsultTable items={[item]} caption="Richieste" who="both" actions={() => <a href="/x">Apri</a>} />);
    const table = screen.getByRole("table");
    expect(table.classList.contains("cura-stack-table")).toBe(true);
    const row = screen.getByTestId("teleconsult-row");
    expect(within(row).getAllByRole("rowheader")).toHaveLength(1);
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    // Every cell but the actions says which column it is, with the column's own header.
    const labels = [...row.querySelectorAll("td")].map((td) => td.getAttribute("data-label"));
    expect(labels.slice(0, -1)).toEqual(headers.slice(1, -1));
    expect(labels.slice(0, -1).every((label) => label && label.length > 0)).toBe(true);
    expect(within(row).getByText("Farmacia San Marco").closest("td")?.getAttribute("data-label")).toBe(headers[3]);
  });
});
