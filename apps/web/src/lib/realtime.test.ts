import { REALTIME_CLOSE, type TRealtimeServerMessage } from "@cura/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openRealtime, type RealtimeStatus, realtimeUrl } from "./realtime.ts";

/** A socket the test drives: it records what the client sends and plays the server's part. */
class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: TRealtimeServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
const createSocket = (url: string) => {
  const socket = new FakeSocket(url);
  sockets.push(socket);
  return socket as unknown as WebSocket;
};

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function open(onMessage = vi.fn()) {
  const statuses: RealtimeStatus[] = [];
  const connection = openRealtime({
    token: "t".repeat(43),
    url: "ws://cura.test/api/v1/realtime",
    createSocket,
    onMessage,
    onStatus: (status) => statuses.push(status),
    backoff: { firstMs: 1000, maxMs: 8000 },
    random: () => 1,
  });
  return { connection, statuses, onMessage };
}

describe("the realtime socket", () => {
  it("sends the token as its first message, never in the URL, and passes the server's frames on", () => {
    const { statuses, onMessage } = open();
    const socket = sockets[0] as FakeSocket;
    expect(socket.url).toBe("ws://cura.test/api/v1/realtime");
    socket.open();
    expect(socket.sent).toEqual([{ type: "auth", token: "t".repeat(43) }]);
    socket.receive({ type: "ready", rooms: ["user:abc"] });
    socket.receive({ type: "event", room: "user:abc", event: "popup", payload: null });
    expect(onMessage).toHaveBeenCalledTimes(2);
    expect(statuses).toEqual(["connecting", "open"]);
  });

  it("opens again after a dropped connection, waiting longer after each failure, and from the start after a success", () => {
    open();
    (sockets[0] as FakeSocket).drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    (sockets[1] as FakeSocket).drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    const third = sockets[2] as FakeSocket;
    third.open();
    third.receive({ type: "ready", rooms: [] });
    third.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it("does not retry a session the server refused, nor after it is closed (sign-out)", () => {
    open();
    (sockets[0] as FakeSocket).drop(REALTIME_CLOSE.unauthenticated);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    const { connection } = open();
    const second = sockets[1] as FakeSocket;
    second.open();
    connection.close();
    expect(second.closedWith).toBe(1000);
    second.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it("uses wss on an https page", () => {
    expect(realtimeUrl({ protocol: "https:", host: "cura.example.it" })).toBe("wss://cura.example.it/api/v1/realtime");
    expect(realtimeUrl({ protocol: "http:", host: "localhost:3000" })).toBe("ws://localhost:3000/api/v1/realtime");
  });
});
