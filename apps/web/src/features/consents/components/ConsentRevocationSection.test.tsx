import { DELAYS_MS, type TUser } from "@cura/domain";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { gateOutcome } from "../../../app/gate.ts";
import { AppProviders, createQueryClient } from "../../../app/providers.tsx";
import { session, useSession } from "../../../lib/session.ts";
import { makeUser, mockFetch, signInAs } from "../../../test/helpers.tsx";
import { AlertCentre } from "../../../ui/alerts/index.ts";
import { ConsentRevocationSection } from "./ConsentRevocationSection.tsx";

/**
 * The consent-revocation section on its own (issue 12): confirm → flag false → profile read again →
 * success → Home after 3 s. The section is rendered with the stored session user, the alert centre
 * and a probe of the router's location, as the settings page has them.
 */

const SETTINGS = "/cittadino/impostazioni";
const NOTIFICATIONS = "Acconsento a ricevere notifiche sui servizi che uso";
const PRIVACY = "Acconsento al trattamento dei miei dati personali e sanitari secondo l'informativa sulla privacy";

function Harness() {
  const { user } = useSession();
  const location = useLocation();
  return (
    <>
      <p data-testid="where">{location.pathname}</p>
      <AlertCentre />
      {user ? <ConsentRevocationSection user={user} /> : null}
    </>
  );
}

function renderSection() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[SETTINGS]}>
        <Harness />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The server: the consent change answers the changed user, and so does users/fresh/me after it. */
function serverRevoking(revoked: TUser, change: { status: number; body?: unknown } = { status: 200 }) {
  let changed = false;
  return mockFetch((call) => {
    if (call.url === "/api/v1/users/change/consenses" && call.method === "POST") {
      changed = change.status === 200;
      return change.status === 200 ? { status: 200, body: { data: revoked } } : change;
    }
    if (call.url === "/api/v1/users/fresh/me" && changed) return { status: 200, body: { data: revoked } };
    return undefined;
  });
}

const where = () => screen.getByTestId("where").textContent;

describe("consent revocation section", () => {
  it("asks first, sets the flag false, reads the profile again, says so, and goes Home after 3 s", async () => {
    const user = makeUser();
    signInAs(user);
    const revoked = { ...user, notification_consense: false };
    const { calls } = serverRevoking(revoked);
    renderSection();

    fireEvent.click(screen.getByRole("button", { name: `Revoca: ${NOTIFICATIONS}` }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Stai revocando: Acconsento a ricevere notifiche/)).toBeTruthy();
    // Nothing changes before the confirmation.
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole("button", { name: "Revoca" }));
    const done = await screen.findByText("Consenso revocato. Tra pochi secondi tornerai alla Home.");
    const doneAt = Date.now();
    expect(done.closest("[role=status]")).not.toBeNull();

    const change = calls.findIndex((c) => c.url === "/api/v1/users/change/consenses" && c.method === "POST");
    expect(calls[change]?.body).toEqual({ notification_consense: false });
    // The profile is read again after the change, and the stored user is the server's.
    expect(calls.slice(change + 1).some((c) => c.url === "/api/v1/users/fresh/me")).toBe(true);
    expect(session.get().user?.notification_consense).toBe(false);
    // The revoked consent is no longer offered; the others still are.
    await waitFor(() => expect(screen.queryByRole("button", { name: `Revoca: ${NOTIFICATIONS}` })).toBeNull());
    expect(screen.getByRole("button", { name: `Revoca: ${PRIVACY}` })).toBeTruthy();

    // Still on the settings until the delay is over, then Home.
    expect(where()).toBe(SETTINGS);
    await waitFor(() => expect(where()).toBe("/cittadino/home"), { timeout: DELAYS_MS.consentRevokedHome + 3000 });
    expect(Date.now() - doneAt).toBeGreaterThanOrEqual(DELAYS_MS.consentRevokedHome - 100);
  });

  it("changes nothing when the confirmation is cancelled", async () => {
    signInAs(makeUser());
    const { calls } = serverRevoking(makeUser());
    renderSection();
    fireEvent.click(screen.getByRole("button", { name: `Revoca: ${NOTIFICATIONS}` }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    expect(where()).toBe(SETTINGS);
  });

  it("revoking a required consent leaves a stored user whom the post-login gate sends to the consents", async () => {
    const user = makeUser();
    signInAs(user);
    // The server's answer: without the privacy consent not all required consents are given.
    const revoked = { ...user, data_consense: false, all_consenses: false };
    const { calls } = serverRevoking(revoked);
    renderSection();
    fireEvent.click(screen.getByRole("button", { name: `Revoca: ${PRIVACY}` }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoca" }));
    await screen.findByText("Consenso revocato. Tra pochi secondi tornerai alla Home.");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ data_consense: false });
    const stored = session.get().user;
    if (!stored) throw new Error("the session lost its user");
    // The section stored the refreshed profile, which is what the gate reads on the next render.
    expect(stored.all_consenses).toBe(false);
    expect(gateOutcome(stored, { pathname: SETTINGS })).toEqual({ kind: "consents" });
  });

  it("says the change failed and stays, the consent still given, when the server refuses", async () => {
    signInAs(makeUser());
    const { calls } = serverRevoking(makeUser(), { status: 500, body: { message: "boom" } });
    renderSection();
    fireEvent.click(screen.getByRole("button", { name: `Revoca: ${NOTIFICATIONS}` }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoca" }));
    const failed = await screen.findByText("Errore nella modifica del consenso");
    expect(failed.closest("[role=alert]")).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.url === "/api/v1/users/fresh/me")).toBe(false);
    expect(screen.getByRole("button", { name: `Revoca: ${NOTIFICATIONS}` })).toBeTruthy();
    expect(session.get().user?.notification_consense).toBe(true);
    expect(where()).toBe(SETTINGS);
  });

  it("shows nothing when no revocable consent is given", () => {
    signInAs(
      makeUser({
        data_consense: false,
        share_consense: false,
        charge_consense: false,
        notification_consense: false,
        all_consenses: false,
      }),
    );
    mockFetch();
    renderSection();
    expect(screen.queryByRole("heading", { name: "Revoca dei consensi" })).toBeNull();
  });
});
