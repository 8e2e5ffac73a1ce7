import { DELAYS_MS } from "@cura/domain/constants";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../test/helpers.tsx";
import { gateOutcome, landingPathOf } from "./gate.ts";

const at = (pathname: string, search = "") => ({ pathname, search });
const citizen = makeUser({ type: 0 });
const operator = makeUser({ type: 1, hashid: "op1" });
const admin = makeUser({ type: 2, hashid: "adm" });

describe("post-login gate (spec 000 §2.11), in its order", () => {
  it("1: an unverified phone goes to number verification, before anything else", () => {
    const user = makeUser({
      number_verified_at: null,
      email_verified_at: null,
      anagrafica: null,
      all_consenses: false,
      temporary_password: true,
    });
    expect(gateOutcome(user, at("/cittadino/home"))).toEqual({ kind: "redirect", to: "/number/verify" });
    // The number page links to the profile, where the number is changed.
    expect(gateOutcome(user, at("/cittadino/profilo"))).toEqual({ kind: "pass" });
    expect(landingPathOf(user)).toBe("/number/verify");
  });

  it("2: then an unverified e-mail goes to /email/verify/invalid", () => {
    const user = makeUser({ email_verified_at: null, anagrafica: null, all_consenses: false });
    expect(gateOutcome(user, at("/cittadino/impostazioni"))).toEqual({
      kind: "redirect",
      to: "/email/verify/invalid",
    });
    expect(landingPathOf(user)).toBe("/email/verify/invalid");
    // No e-mail at all (a username account): nothing to verify.
    expect(gateOutcome(makeUser({ email: null, email_verified_at: null }), at("/cittadino/home")).kind).toBe("pass");
  });

  it("3: then a missing personal record shows the alert (administrators exempt), 4: then the consents", () => {
    expect(gateOutcome(makeUser({ anagrafica: null, all_consenses: false }), at("/cittadino/home"))).toEqual({
      kind: "personalData",
    });
    expect(gateOutcome({ ...admin, anagrafica: null, all_consenses: false }, at("/admin/home"))).toEqual({
      kind: "consents",
    });
    expect(gateOutcome(makeUser({ all_consenses: false, temporary_password: true }), at("/cittadino/home"))).toEqual({
      kind: "consents",
    });
  });

  it("5 and 6: a temporary or expired password keeps the user on the password page", () => {
    const temporary = { ...operator, temporary_password: true };
    expect(gateOutcome(temporary, at("/operatore/home"))).toEqual({
      kind: "redirect",
      to: "/operatore/profilo?scope=temporary",
    });
    expect(gateOutcome(temporary, at("/operatore/profilo"))).toEqual({
      kind: "redirect",
      to: "/operatore/profilo?scope=temporary",
    });
    expect(gateOutcome(temporary, at("/operatore/profilo", "?scope=temporary"))).toEqual({ kind: "pass" });
    expect(gateOutcome({ ...citizen, expired_password: 1 }, at("/cittadino/home"))).toEqual({
      kind: "redirect",
      to: "/cittadino/impostazioni?scope=expired",
    });
    // Temporary wins over expired; administrators are free of both (§2.9: type 2 always free).
    expect(landingPathOf({ ...citizen, temporary_password: true, expired_password: 1 })).toBe(
      "/cittadino/impostazioni?scope=temporary",
    );
    expect(gateOutcome({ ...admin, temporary_password: true }, at("/admin/home"))).toEqual({ kind: "pass" });
    expect(landingPathOf({ ...admin, temporary_password: true, expired_password: 1 })).toBe("/admin/home");
  });

  it("P: an operator waiting to be enabled sees the waiting screen everywhere, after their own steps", () => {
    const pending = { ...operator, operator_status: "pending" as const };
    expect(gateOutcome(pending, at("/operatore/home"))).toEqual({ kind: "awaitingEnabling" });
    expect(gateOutcome(pending, at("/operatore/agenda"))).toEqual({ kind: "awaitingEnabling" });
    expect(landingPathOf(pending)).toBe("/operatore/home");
    // Their own verification and password come first; a missing record does not send them to pages.
    expect(gateOutcome({ ...pending, number_verified_at: null }, at("/operatore/home")).kind).toBe("redirect");
    expect(gateOutcome({ ...pending, temporary_password: true }, at("/operatore/home")).kind).toBe("redirect");
    expect(gateOutcome({ ...pending, anagrafica: null }, at("/operatore/home"))).toEqual({ kind: "awaitingEnabling" });
    expect(gateOutcome({ ...operator, operator_status: "enabled" }, at("/operatore/home")).kind).toBe("pass");
  });

  it("7: otherwise Home goes to the user's area, and every other page passes", () => {
    expect(gateOutcome(citizen, at("/"))).toEqual({ kind: "redirect", to: "/cittadino/home" });
    expect(landingPathOf(operator)).toBe("/operatore/home");
    expect(gateOutcome(citizen, at("/cittadino/impostazioni")).kind).toBe("pass");
  });
});

describe("the gate in the shells", () => {
  it("shows an operator waiting to be enabled a waiting page with no menu, and lets them in once enabled", async () => {
    const pending = { ...operator, operator_status: "pending" as const };
    signInAs(pending);
    let enabled = false;
    const { calls } = mockFetch((call) =>
      call.url === "/api/v1/users/fresh/me"
        ? { status: 200, body: { data: { ...pending, operator_status: enabled ? "enabled" : "pending" } } }
        : undefined,
    );
    const { router } = renderApp("/operatore/agenda");
    expect(await screen.findByRole("heading", { level: 1, name: "Utenza in attesa di abilitazione" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/operatore/agenda");
    expect(screen.queryAllByRole("link", { name: /Agenda|Impostazioni/ })).toEqual([]);
    // No company call is even tried: they would all answer 403 (the public settings, read by every
    // page's header for the brand's texts, need no company).
    const companyCalls = calls.filter(
      (c) => !c.url.startsWith("/api/v1/users/fresh/me") && !c.url.startsWith("/api/v1/utilities/settings"),
    );
    expect(companyCalls.map((c) => c.url)).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Controlla di nuovo" }));
    expect(await screen.findByText("La tua utenza è ancora in attesa di abilitazione.")).toBeTruthy();
    enabled = true;
    fireEvent.click(screen.getByRole("button", { name: "Controlla di nuovo" }));
    await waitFor(() => expect(screen.queryByTestId("awaiting-enabling")).toBeNull());
  });

  it("sends a citizen with an unverified phone from their home to number verification", async () => {
    signInAs(makeUser({ number_verified_at: null }));
    mockFetch();
    const { router } = renderApp("/cittadino/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Verifica il numero di telefono" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/number/verify");
  });

  it("keeps an operator with a temporary password on the profile until it changes", async () => {
    const user = { ...operator, temporary_password: true };
    signInAs(user);
    mockFetch();
    const { router } = renderApp("/operatore/home");
    expect(await screen.findByTestId("password-scope")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/operatore/profilo");
    expect(router.state.location.search).toBe("?scope=temporary");
    await act(() => router.navigate("/operatore/home"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/operatore/profilo"));
    expect(screen.getByTestId("password-scope").textContent).toContain("password temporanea");
  });

  it("shows the consents screen until the three required consents are saved, then lets the user in", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = makeUser({
      all_consenses: false,
      data_consense: false,
      share_consense: false,
      charge_consense: false,
    });
    signInAs(user);
    const { calls } = mockFetch((call) =>
      call.url === "/api/v1/users/change/consenses"
        ? {
            status: 200,
            body: {
              data: { ...user, all_consenses: true, data_consense: true, share_consense: true, charge_consense: true },
            },
          }
        : undefined,
    );
    renderApp("/cittadino/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Consensi" })).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Conferma" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect((screen.getByLabelText(/^Acconsento a ricevere comunicazioni/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Accetto i termini/));
    fireEvent.click(screen.getByLabelText(/^Acconsento al trattamento/));
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Acconsento alla condivisione/));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    expect(await screen.findByTestId("consents-saved")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/users/change/consenses")?.body).toEqual({
      charge_consense: true,
      data_consense: true,
      share_consense: true,
      marketing_consense: true,
    });
    // Completion is signalled after 7 s, not before.
    await act(() => vi.advanceTimersByTimeAsync(DELAYS_MS.consentScreen - 500));
    expect(screen.getByRole("heading", { level: 1, name: "Consensi" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(await screen.findByRole("heading", { level: 1, name: /Mario$/ })).toBeTruthy();
  });

  it("resets the consents and says so when saving fails", async () => {
    signInAs(makeUser({ all_consenses: false }));
    mockFetch((call) =>
      call.url === "/api/v1/users/change/consenses" ? { status: 500, body: { message: "boom" } } : undefined,
    );
    renderApp("/cittadino/home");
    await screen.findByRole("heading", { level: 1, name: "Consensi" });
    for (const label of [/^Accetto i termini/, /^Acconsento al trattamento/, /^Acconsento alla condivisione/]) {
      fireEvent.click(screen.getByLabelText(label));
    }
    fireEvent.click(screen.getByRole("button", { name: "Conferma" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Non è stato possibile memorizzare le preferenze");
    expect((screen.getByLabelText(/^Accetto i termini/) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("button", { name: "Conferma" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
