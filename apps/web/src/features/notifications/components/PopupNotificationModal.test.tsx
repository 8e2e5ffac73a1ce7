import type { TPopupNotification } from "@cura/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/helpers.tsx";
import { renderWithProviders } from "../test-render.tsx";
import { PopupNotificationModal } from "./PopupNotificationModal.tsx";
import { popupTarget } from "./popup-target.ts";

const popup = (hashid: string, title: string, action: string | null): TPopupNotification => ({
  hashid,
  title,
  body: `${title}: dettagli`,
  action,
  variant: "info",
  seen: false,
});

function api(popups: TPopupNotification[], seenStatus = 200) {
  const seen = new Set<string>();
  return mockFetch((call) => {
    if (call.url === "/api/v1/popupnotifications?unseen=true")
      return { status: 200, body: { data: popups.filter((p) => !seen.has(p.hashid)) } };
    const match = /^\/api\/v1\/popupnotifications\/(\w+)\/seen$/.exec(call.url);
    if (match && call.method === "PATCH") {
      if (seenStatus !== 200) return { status: seenStatus, body: { message: "Errore" } };
      seen.add(match[1] as string);
      return { status: 200, body: { data: { ...popups[0], seen: true } } };
    }
    return undefined;
  });
}

describe("PopupNotificationModal", () => {
  it("shows the first unseen popup, which Escape does not close; closing marks it seen and shows the next", async () => {
    const { calls } = api([popup("p1", "Avviso di servizio", null), popup("p2", "Secondo avviso", null)]);
    renderWithProviders(<PopupNotificationModal area="cittadino" />);
    const dialog = await screen.findByRole("dialog", { name: "Avviso di servizio" });
    expect(screen.getByText("Avviso di servizio: dettagli")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.getByRole("dialog", { name: "Avviso di servizio" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Chiudi" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/popupnotifications/p1/seen")).toBe(true));
    expect(await screen.findByRole("dialog", { name: "Secondo avviso" })).toBeTruthy();
  });

  it("marks it seen, closes and opens the teleconsult section when the action is pressed", async () => {
    const { calls } = api([popup("p1", "Teleconsulto pronto", "Vai al teleconsulto rapido")]);
    const { router } = renderWithProviders(<PopupNotificationModal area="cittadino" />);
    fireEvent.click(await screen.findByRole("button", { name: "Vai al teleconsulto rapido" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cittadino/teleconsulti/nuovo/tcemergenza"));
    expect(calls.some((c) => c.url === "/api/v1/popupnotifications/p1/seen" && c.method === "PATCH")).toBe(true);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("tells when the popup cannot be marked seen", async () => {
    api([popup("p1", "Avviso", null)], 500);
    renderWithProviders(<PopupNotificationModal area="operatore" />);
    fireEvent.click(await screen.findByRole("button", { name: "Chiudi" }));
    expect(await screen.findByText("Non è stato possibile aggiornare lo stato della notifica popup")).toBeTruthy();
  });

  it("tells when new popups cannot be checked", async () => {
    mockFetch(() => ({ status: 422, body: { message: "Errore" } }));
    renderWithProviders(<PopupNotificationModal area="cittadino" />);
    expect(
      await screen.findByText("Non è stato possibile verificare la presenza di nuove notifiche popup"),
    ).toBeTruthy();
  });
});

describe("popupTarget", () => {
  it("leads to the teleconsult section named in the action, and nowhere for other texts", () => {
    expect(popupTarget("cittadino", "Rapido")).toBe("/cittadino/teleconsulti/nuovo/tcemergenza");
    expect(popupTarget("cittadino", "pediatrico")).toBe("/cittadino/teleconsulti/nuovo/pediatrico");
    expect(popupTarget("cittadino", "specialistico")).toBe("/cittadino/teleconsulti/nuovo/specialistico/teleconsulto");
    expect(popupTarget("operatore", "teleconsulto pediatrico")).toBe("/operatore/teleconsulto/pediatrico");
    expect(popupTarget("cittadino", "Scopri di più")).toBeNull();
    expect(popupTarget("operatore", null)).toBeNull();
  });
});
