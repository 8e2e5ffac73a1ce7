import type { TPopupNotification, TRealtimeServerMessage } from "@cura/domain";
import { act, screen, waitFor } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { makeUser, mockFetch, signInAs } from "../../../test/helpers.tsx";
import { renderWithProviders } from "../test-render.tsx";
import { PopupNotificationModal } from "./PopupNotificationModal.tsx";

/** The browser's WebSocket, played by the test (docs/realtime.md). */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  serverSays(message: TRealtimeServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

it("shows a popup the moment the socket pushes it, without waiting for the next poll", async () => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  signInAs(makeUser(), "token-of-the-test-0123456789");
  let popups: TPopupNotification[] = [];
  const { calls } = mockFetch((call) =>
    call.url === "/api/v1/popupnotifications?unseen=true" ? { status: 200, body: { data: popups } } : undefined,
  );
  renderWithProviders(<PopupNotificationModal area="cittadino" />);
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.all[0] as FakeSocket;
  act(() => {
    socket.readyState = 1;
    socket.onopen?.();
  });
  expect(socket.sent).toEqual([{ type: "auth", token: "token-of-the-test-0123456789" }]);
  await waitFor(() => expect(calls.filter((c) => c.url.startsWith("/api/v1/popupnotifications"))).toHaveLength(1));

  popups = [{ hashid: "p1", title: "Il medico ti aspetta", body: "Entra", action: null, variant: "info", seen: false }];
  act(() => {
    socket.serverSays({ type: "ready", rooms: ["user:abc"] });
    socket.serverSays({ type: "event", room: "user:abc", event: "popup", payload: null });
  });
  // Well within the 4.5 s poll: the push made the modal fetch at once.
  expect(await screen.findByRole("dialog", { name: "Il medico ti aspetta" }, { timeout: 1500 })).toBeTruthy();
});
