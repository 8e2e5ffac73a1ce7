import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const contact = {
  hashid: "c1",
  user_id: "u1",
  type: 0,
  name: "Lucia",
  surname: "Verdi",
  relationship: "familiare",
  regione: "Lazio",
  provincia: "RM",
  comune: "Roma",
  cap: "00184",
  address: "Via Cavour 1",
  tel_number: "3331234567",
  created_at: "2025-01-01T10:00:00.000Z",
};

describe("emergency contacts page (spec 000 §2.9)", () => {
  it("shows a citizen with a verified e-mail their contacts and the menu entry", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch((call) =>
      call.url === "/api/v1/users/emergencycontacts/u1" ? { status: 200, body: { data: [contact] } } : undefined,
    );
    renderApp("/cittadino/contatti-emergenza");
    expect(await screen.findByText(/Lucia/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Contatti di emergenza" }).length).toBeGreaterThan(0);
    expect(screen.queryByText(/disponibili dopo aver verificato/)).toBeNull();
  });

  it("tells a citizen without a verified e-mail where to verify it, loads nothing, and hides the menu entry", async () => {
    signInAs(makeUser({ type: 0, email: null, email_verified_at: null }));
    const { calls } = mockFetch();
    renderApp("/cittadino/contatti-emergenza");
    expect(
      await screen.findByText("I contatti di emergenza sono disponibili dopo aver verificato il tuo indirizzo e-mail."),
    ).toBeTruthy();
    const toProfile = screen.getByRole("link", { name: "Vai al profilo per inserire o verificare l'e-mail" });
    expect(toProfile.getAttribute("href")).toBe("/cittadino/profilo");
    expect(screen.queryByRole("link", { name: "Contatti di emergenza" })).toBeNull();
    expect(calls.some((c) => c.url.includes("emergencycontacts"))).toBe(false);
  });
});
