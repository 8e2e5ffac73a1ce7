import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

describe("administrator's registrations page", () => {
  it("shows the counts per period and today's registrations", async () => {
    signInAs(makeUser({ type: 2, hashid: "ad1" }));
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/registrati/oggi?")) {
        return {
          status: 200,
          body: {
            data: [
              {
                hashid: "u9",
                type: 0,
                email: "nuova@example.org",
                name: "Nuova",
                surname: "Utente",
                cf: null,
                status: "attivo",
                suspended_until: null,
                email_verified: false,
                company: null,
                created_at: "2026-11-25T08:30:00.000Z",
              },
            ],
            meta: { page: 1, per_page: 20, total: 1 },
            counts: { today: 1, week: 4, month: 12, year: 90 },
          },
        };
      }
      return undefined;
    });
    renderApp("/admin/registrazioni");
    const counts = await screen.findByRole("region", { name: "Registrazioni per periodo" });
    await within(counts).findByText("90");
    expect(within(counts).getByText("Questa settimana").nextElementSibling?.textContent).toBe("4");
    const table = screen.getByRole("table", { name: "Registrati oggi" });
    expect(within(table).getByRole("rowheader", { name: "Utente Nuova" })).toBeTruthy();
    expect(within(table).getByText("nuova@example.org")).toBeTruthy();
  });
});
