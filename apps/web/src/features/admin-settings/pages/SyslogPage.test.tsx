import { ADMIN_SETTINGS_MESSAGES } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const entry = {
  id: "41",
  created_at: "2026-11-25T10:15:00.000Z",
  user: "a1",
  user_type: 2,
  action: "settings.updated",
  entity: "setting",
  entity_id: "feature.spid",
  detail: { before: { value: true }, after: { value: false } },
  ip: "127.0.0.1",
  request_id: "req-1",
};

describe("syslog", () => {
  it("filters the log on the server, shows its rows and pages, and exports with the same filters", async () => {
    signInAs(makeUser({ type: 2 }));
    const createObjectURL = vi.fn(() => "blob:log");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/utilities/dati/logs") && call.url.includes("export=xls")) {
        return { status: 200, body: "xlsx" };
      }
      if (call.url.startsWith("/api/v1/utilities/dati/logs")) {
        return { status: 200, body: { data: [entry], meta: { page: 1, per_page: 20, total: 45 } } };
      }
      return undefined;
    });
    renderApp("/admin/syslog");
    const rows = await screen.findAllByTestId("syslog-row");
    expect(within(rows[0] as HTMLElement).getByText("settings.updated")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("a1 (Amministratore)")).toBeTruthy();
    expect(screen.getByText("45 voci")).toBeTruthy();
    expect(screen.getByText("Pagina 1 di 3")).toBeTruthy();

    const filters = screen.getByRole("form", { name: "Filtri del log" });
    fireEvent.change(within(filters).getByLabelText("Tipo di utente"), { target: { value: "2" } });
    fireEvent.change(within(filters).getByLabelText("Azione"), { target: { value: "settings." } });
    fireEvent.change(within(filters).getByLabelText("Dal giorno"), { target: { value: "2026-11-01" } });
    fireEvent.click(within(filters).getByRole("button", { name: "Cerca" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes("user_type=2") && c.url.includes("action=settings."))).toBe(true),
    );
    expect(calls.at(-1)?.url).toContain("from=2026-11-01");

    fireEvent.click(screen.getByRole("button", { name: "Esporta in Excel" }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((c) => c.url.includes("export=xls"));
    expect(exported?.url).toContain("user_type=2");
    expect(exported?.url).toContain("from=2026-11-01");
  });

  it("checks the dates before asking", async () => {
    signInAs(makeUser({ type: 2 }));
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/utilities/dati/logs")
        ? { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } }
        : undefined,
    );
    renderApp("/admin/syslog");
    const filters = await screen.findByRole("form", { name: "Filtri del log" });
    expect(await screen.findByText("0 voci")).toBeTruthy();
    fireEvent.change(within(filters).getByLabelText("Dal giorno"), { target: { value: "2026-11-10" } });
    fireEvent.change(within(filters).getByLabelText("Al giorno"), { target: { value: "2026-11-01" } });
    fireEvent.click(within(filters).getByRole("button", { name: "Cerca" }));
    expect(await within(filters).findByText(ADMIN_SETTINGS_MESSAGES.dateOrder)).toBeTruthy();
    expect(calls.filter((c) => c.url.includes("from="))).toHaveLength(0);
  });
});
