import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../test/helpers.tsx";

const logoutAnswer = (call: { url: string }) =>
  call.url.startsWith("/api/v1/users/logout") ? { status: 200, body: { message: "Logout effettuato" } } : undefined;

describe("idle session (spec 000 §4)", () => {
  it("shows 'Sessione Scaduta' after the user's timeout of inactivity, stores the flag, and Accedi logs out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(makeUser({ session_timeout_minutes: 5 }));
    const { calls } = mockFetch(logoutAnswer);
    const { router } = renderApp("/cittadino/home");
    await screen.findByRole("heading", { level: 1, name: /Mario$/ });

    // Activity keeps the session alive: 4 minutes, a key press, 4 more minutes: still in.
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    fireEvent.keyDown(document, { key: "a" });
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.localStorage.getItem("sessionExpired")).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(61_000));
    const dialog = await screen.findByRole("dialog", { name: "Sessione Scaduta" });
    expect(window.localStorage.getItem("sessionExpired")).not.toBeNull();

    fireEvent.click(within(dialog).getByRole("button", { name: "Accedi" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(calls.some((c) => c.url === "/api/v1/users/logout?client=web")).toBe(true);
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(window.localStorage.getItem("sessionExpired")).toBeNull();
  });

  it("logs out when the modal is closed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(makeUser({ type: 1, hashid: "op1", session_timeout_minutes: 10 }));
    mockFetch(logoutAnswer);
    const { router } = renderApp("/operatore/home");
    await screen.findByRole("heading", { level: 1 });
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000 + 1_000));
    const dialog = await screen.findByRole("dialog", { name: "Sessione Scaduta" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Chiudi" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("never expires with a timeout of 0", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(makeUser({ session_timeout_minutes: 0 }));
    mockFetch(logoutAnswer);
    renderApp("/cittadino/home");
    await screen.findByRole("heading", { level: 1, name: /Mario$/ });
    await act(() => vi.advanceTimersByTimeAsync(24 * 60 * 60_000));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(window.localStorage.getItem("sessionExpired")).toBeNull();
  });
});
