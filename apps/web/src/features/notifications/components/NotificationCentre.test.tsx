import type { TNotification } from "@cura/domain";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/helpers.tsx";
import { renderWithProviders } from "../test-render.tsx";
import { NotificationCentre } from "./NotificationCentre.tsx";

const notice = (hashid: string, title: string, read: boolean): TNotification => ({
  hashid,
  kind: "booking",
  title,
  body: `${title}: Farmacia San Marco`,
  link: `/cittadino/appuntamenti/dettaglio/B${hashid}`,
  read,
  read_at: read ? "2026-11-20T10:00:00Z" : null,
  created_at: "2026-11-20T09:00:00Z",
});

/** The API: three notifications, two unread until POST notifications/read reads them. */
function api() {
  const read = new Set<string>(["n3"]);
  return mockFetch((call) => {
    if (call.url.startsWith("/api/v1/notifications?")) {
      const data = [
        notice("n1", "Prenotazione confermata", read.has("n1")),
        notice("n2", "Nuova data proposta", read.has("n2")),
        notice("n3", "Nuovo messaggio", read.has("n3")),
      ];
      const unread = data.filter((n) => !n.read).length;
      return { status: 200, body: { data, meta: { page: 1, per_page: 20, total: 3, unread } } };
    }
    if (call.url === "/api/v1/notifications/read") {
      for (const id of (call.body as { ids: string[] }).ids) read.add(id);
      return { status: 200, body: { data: { updated: 2, unread: 0 } } };
    }
    return undefined;
  });
}

describe("NotificationCentre", () => {
  it("shows the unread count and reads the unread ones 1 second after opening", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = api();
    renderWithProviders(<NotificationCentre />);
    const bell = await screen.findByRole("button", { name: "Notifiche: 2 non lette" });
    expect(screen.getByTestId("notification-badge").textContent).toBe("2");
    expect(bell.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(bell);
    const panel = screen.getByRole("region", { name: "Notifiche" });
    const items = within(panel).getAllByTestId("notification-item");
    expect(items.map((i) => i.getAttribute("data-read"))).toEqual(["false", "false", "true"]);
    expect(within(panel).getAllByText("Nuova")).toHaveLength(2);
    // Not yet: the reader first sees which ones are new.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(calls.some((c) => c.url === "/api/v1/notifications/read")).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/notifications/read")?.body).toEqual({ ids: ["n1", "n2"] }),
    );
    await waitFor(() => expect(within(panel).queryAllByText("Nuova")).toHaveLength(0));
    expect(screen.queryByTestId("notification-badge")).toBeNull();
    expect(screen.getByRole("button", { name: "Notifiche" })).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/v1/notifications/read")).toHaveLength(1);
  });

  it("reads nothing when the panel is closed within the second", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = api();
    renderWithProviders(<NotificationCentre />);
    const bell = await screen.findByRole("button", { name: "Notifiche: 2 non lette" });
    fireEvent.click(bell);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Notifiche" })).toBeNull();
    expect(document.activeElement).toBe(bell);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls.some((c) => c.url === "/api/v1/notifications/read")).toBe(false);
  });

  it("links each notification to its booking and closes when one is followed", async () => {
    api();
    const { router } = renderWithProviders(<NotificationCentre />);
    fireEvent.click(await screen.findByRole("button", { name: "Notifiche: 2 non lette" }));
    const link = screen.getByRole("link", { name: "Apri la prenotazione: Nuova data proposta" });
    expect(link.getAttribute("href")).toBe("/cittadino/appuntamenti/dettaglio/Bn2");
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/cittadino/appuntamenti/dettaglio/Bn2"));
    expect(screen.queryByRole("region", { name: "Notifiche" })).toBeNull();
  });

  it("says so when there is nothing, or when the list cannot be loaded", async () => {
    mockFetch((call) =>
      call.url.startsWith("/api/v1/notifications?")
        ? { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0, unread: 0 } } }
        : undefined,
    );
    const first = renderWithProviders(<NotificationCentre />);
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0));
    fireEvent.click(screen.getByRole("button", { name: "Notifiche" }));
    expect(await screen.findByText("Non ci sono notifiche.")).toBeTruthy();
    first.unmount();

    mockFetch(() => ({ status: 500, body: { message: "Errore" } }));
    renderWithProviders(<NotificationCentre />);
    fireEvent.click(screen.getByRole("button", { name: "Notifiche" }));
    expect(
      await screen.findByText("Non è stato possibile recuperare le notifiche", {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
