import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

describe("e-mail verification: confirm your address", () => {
  it("moves on once the address is verified in another tab, when this tab is back in view (issue 16)", async () => {
    const unverified = makeUser({ email_verified_at: null });
    let verified = false;
    signInAs(unverified);
    const { calls } = mockFetch((call) =>
      call.url === "/api/v1/users/fresh/me"
        ? {
            status: 200,
            body: { data: verified ? { ...unverified, email_verified_at: "2026-01-01T10:00:00.000Z" } : unverified },
          }
        : undefined,
    );
    const { router } = renderApp("/email/verify/invalid");
    expect(await screen.findByRole("heading", { level: 1, name: "Conferma il tuo indirizzo e-mail" })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/v1/users/fresh/me")).toHaveLength(1));

    // The link is opened in another tab; this one comes back to the front.
    verified = true;
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/cittadino/home"));
  });
});
