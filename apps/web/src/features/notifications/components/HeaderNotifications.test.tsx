import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch } from "../../../test/helpers.tsx";
import { renderWithProviders } from "../test-render.tsx";
import { HeaderNotifications } from "./HeaderNotifications.tsx";

const quietApi = () =>
  mockFetch((call) =>
    call.url.startsWith("/api/v1/notifications?")
      ? { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0, unread: 0 } } }
      : { status: 200, body: { data: [] } },
  );

describe("the header's notifications", () => {
  it("wait until the phone and the e-mail are verified, asking the API nothing before", async () => {
    const { calls } = quietApi();
    renderWithProviders(<HeaderNotifications user={makeUser({ type: 0, number_verified_at: null })} />);
    renderWithProviders(<HeaderNotifications user={makeUser({ type: 0, email_verified_at: null })} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: /notifiche/i })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("poll no popups when the back office turned them off, reading the flag once", async () => {
    const settings = (popup: boolean) =>
      mockFetch((call) =>
        call.url.startsWith("/api/v1/utilities/settings")
          ? { status: 200, body: { data: { "feature.popup": popup, "feature.call_us": true } } }
          : call.url.startsWith("/api/v1/notifications?")
            ? { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0, unread: 0 } } }
            : { status: 200, body: { data: [] } },
      );
    const popupCalls = (calls: { url: string }[]) =>
      calls.filter((c) => c.url.startsWith("/api/v1/popupnotifications"));

    const on = settings(true);
    const first = renderWithProviders(<HeaderNotifications user={makeUser({ type: 0 })} />);
    await waitFor(() => expect(popupCalls(on.calls).length).toBeGreaterThan(0));
    first.unmount();

    const off = settings(false);
    renderWithProviders(<HeaderNotifications user={makeUser({ type: 0 })} />);
    await waitFor(() => expect(screen.getByRole("button", { name: /notifiche/i })).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(popupCalls(off.calls)).toHaveLength(0);
    expect(off.calls.filter((c) => c.url.startsWith("/api/v1/utilities/settings"))).toHaveLength(1);
  });

  it("show the centre to a verified citizen", async () => {
    quietApi();
    renderWithProviders(<HeaderNotifications user={makeUser({ type: 0 })} />);
    await waitFor(() => expect(screen.getByRole("button", { name: /notifiche/i })).toBeTruthy());
  });
});
