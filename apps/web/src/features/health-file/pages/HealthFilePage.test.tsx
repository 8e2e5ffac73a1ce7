import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { tabsFor } from "../tabs.ts";

const page = <T,>(data: T[]) => ({ status: 200, body: { data, meta: { page: 1, per_page: 20, total: data.length } } });

describe("health file shell", () => {
  it("shows 'Chi ha consultato i miei dati' to the person only", () => {
    expect(tabsFor("cittadino").map((tab) => tab.section)).toContain("accessi");
    expect(tabsFor("operatore").map((tab) => tab.section)).not.toContain("accessi");
    expect(tabsFor("cittadino")[0]?.section).toBe("archivio");
  });

  it("opens on the archive and lists the documents", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/own/patientarchives"))
        return page([
          {
            id: "d1",
            name: "Analisi del sangue",
            date: "2025-01-10",
            uploader: "Maria Rossi",
            own: true,
            archived: false,
            mime_type: "application/pdf",
            size: 100,
            url: "/api/v1/patientarchives/d1/file",
            created_at: "2025-01-10T10:00:00Z",
          },
        ]);
      return undefined;
    });
    renderApp("/cittadino/profilosanitario");
    // The first render pays for the lazy chunks of the shell and the tab.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Profilo sanitario" }, { timeout: 40_000 }),
    ).toBeTruthy();
    const list = await screen.findByTestId("health-documents", {}, { timeout: 40_000 });
    expect(within(list).getByText("Analisi del sangue")).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Archivia Analisi del sangue" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Scarica il riepilogo sanitario (FHIR IPS)" })).toBeTruthy();
  }, 60_000);

  it("lists the reads of the person's data with their filters", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/own/healthreads"))
        return page([
          {
            id: "r1",
            reader: "Marco Galli",
            role: "operatore",
            company: "Farmacia San Marco",
            section: "anamnesi",
            record_id: null,
            read_at: "2026-11-20T08:00:00Z",
          },
        ]);
      return undefined;
    });
    renderApp("/cittadino/profilosanitario/accessi");
    const table = await screen.findByTestId("health-reads", {}, { timeout: 40_000 });
    expect(within(table).getByText("Farmacia San Marco")).toBeTruthy();
    expect(within(table).getByText("Anamnesi")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Ruolo"), { target: { value: "operatore" } });
    await waitFor(() => expect(calls.some((c) => c.url.includes("role=operatore"))).toBe(true));
  }, 60_000);
});
