import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../test/helpers.tsx";
import { guardRedirect, PUBLIC_PATHS } from "./guard.ts";

const citizen = makeUser({ type: 0 });
const operator = makeUser({ type: 1, hashid: "op1" });

describe("guardRedirect (spec 000 §2.1)", () => {
  it("lets anonymous people open the public paths and sends them to /login from anywhere else", () => {
    for (const path of PUBLIC_PATHS) expect(guardRedirect(path, null)).toBeNull();
    expect(guardRedirect("/", null)).toBe("/login");
    expect(guardRedirect("/cittadino/home", null)).toBe("/login");
    expect(guardRedirect("/email/verify/invalid", null)).toBe("/login");
    expect(guardRedirect("/number/verify", null)).toBe("/login");
    expect(guardRedirect("/no/such/page", null)).toBe("/login");
  });

  it("sends a signed-in user from a public path to Home, and Home to their area", () => {
    expect(guardRedirect("/login", citizen)).toBe("/");
    expect(guardRedirect("/register", citizen)).toBe("/");
    expect(guardRedirect("/email/verify/success", citizen)).toBe("/");
    expect(guardRedirect("/", citizen)).toBe("/cittadino/home");
    expect(guardRedirect("/", operator)).toBe("/operatore/home");
    expect(guardRedirect("/email/verify/invalid", citizen)).toBeNull();
  });

  it("always allows payment outcomes, password reset, help and the dev outbox", () => {
    for (const user of [null, citizen]) {
      expect(guardRedirect("/payment/abc", user)).toBeNull();
      expect(guardRedirect("/payment/abc/OK", user)).toBeNull();
      expect(guardRedirect("/password/reset", user)).toBeNull();
      expect(guardRedirect("/help", user)).toBeNull();
      expect(guardRedirect("/dev/outbox", user)).toBeNull();
    }
    expect(guardRedirect("/password/recovery", citizen)).toBe("/");
  });

  it("sends a user of another type out of an area", () => {
    expect(guardRedirect("/operatore/home", citizen)).toBe("/");
    expect(guardRedirect("/admin", citizen)).toBe("/");
    expect(guardRedirect("/cittadino/home", citizen)).toBeNull();
    expect(guardRedirect("/Cittadino/Home/", citizen)).toBeNull();
  });
});

describe("the guard in the app", () => {
  it("takes an anonymous visitor of an area to the login form", async () => {
    mockFetch();
    const { router } = renderApp("/cittadino/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Accedi" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    await waitFor(() => expect(document.title).toBe("Accedi – Cura"));
  });

  it("takes a signed-in citizen from /login to their home", async () => {
    mockFetch();
    signInAs(citizen);
    const { router } = renderApp("/login");
    expect(await screen.findByRole("heading", { level: 1, name: /Mario$/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/cittadino/home");
  });

  it("takes a citizen away from the operator area to their own", async () => {
    mockFetch();
    signInAs(citizen);
    const { router } = renderApp("/operatore/home");
    await screen.findByRole("heading", { level: 1, name: /Mario$/ });
    expect(router.state.location.pathname).toBe("/cittadino/home");
  });

  it("shows 'Pagina non trovata' to a signed-in user on an unknown path, with a back button", async () => {
    mockFetch();
    signInAs(operator);
    renderApp("/operatore/nothing-here");
    expect(await screen.findByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Torna indietro" })).toBeTruthy();
  });

  it("opens the help page without a login", async () => {
    mockFetch();
    const { router } = renderApp("/help");
    expect(await screen.findByRole("heading", { level: 1, name: "Aiuto e assistenza" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/help");
    expect(screen.getByText("lunedì–venerdì 9:00–18:00")).toBeTruthy();
  });
});
