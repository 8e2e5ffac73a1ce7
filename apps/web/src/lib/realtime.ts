import { REALTIME_CLOSE, REALTIME_PATH, type TRealtimeClientMessage, type TRealtimeServerMessage } from "@cura/domain";
import { useEffect, useSyncExternalStore } from "react";

/**
 * The realtime socket (docs/realtime.md): one WebSocket per tab while someone is signed in. The token
 * goes in the first message, never in the URL. A dropped connection is opened again after a pause
 * that grows up to half a minute (with jitter, so a restarted server is not hit by every tab at
 * once); a refused session (4401, 4403) is not retried: the next API call's 401 handles it. Features
 * listen with `useRealtimeMessages`; anything pushed is a hint to fetch, never the only copy.
 */

export type RealtimeStatus = "offline" | "connecting" | "open";

export interface RealtimeConnectionOptions {
  token: string;
  onMessage(message: TRealtimeServerMessage): void;
  onStatus?(status: RealtimeStatus): void;
  /** Default: the page's own host, ws or wss as the page. */
  url?: string;
  /** Tests hand a fake socket here. */
  createSocket?: (url: string) => WebSocket;
  backoff?: { firstMs: number; maxMs: number };
  random?: () => number;
}

export interface RealtimeConnection {
  send(message: TRealtimeClientMessage): void;
  close(): void;
}

const NO_RETRY: readonly number[] = [REALTIME_CLOSE.unauthenticated, REALTIME_CLOSE.forbidden];

export function realtimeUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${REALTIME_PATH}`;
}

export function openRealtime(options: RealtimeConnectionOptions): RealtimeConnection {
  const { firstMs, maxMs } = options.backoff ?? { firstMs: 1_000, maxMs: 30_000 };
  const random = options.random ?? Math.random;
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let closed = false;

  const status = (value: RealtimeStatus) => options.onStatus?.(value);

  const connect = () => {
    // A retry timer that outlives its page (a test's window torn down) has nothing to connect.
    if (closed || (options.url === undefined && typeof window === "undefined")) return;
    status("connecting");
    const current = create(options.url ?? realtimeUrl());
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: "auth", token: options.token }));
    current.onmessage = (event: MessageEvent) => {
      let message: TRealtimeServerMessage;
      try {
        message = JSON.parse(String(event.data)) as TRealtimeServerMessage;
      } catch {
        return;
      }
      if (message.type === "ready") {
        failures = 0;
        status("open");
      }
      options.onMessage(message);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      status("offline");
      if (closed || NO_RETRY.includes(event.code)) return;
      const pause = Math.min(maxMs, firstMs * 2 ** failures) * (0.5 + random() / 2);
      failures += 1;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        connect();
      }, pause);
    };
  };

  connect();
  return {
    send(message) {
      if (socket?.readyState === 1) socket.send(JSON.stringify(message));
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const current = socket;
      socket = null;
      current?.close(1000);
      status("offline");
    },
  };
}

/* The tab's one connection, shared by every feature that listens, open while a token is given. */

type Listener = (message: TRealtimeServerMessage) => void;
const listeners = new Set<Listener>();
const statusListeners = new Set<() => void>();
let shared: { token: string; connection: RealtimeConnection; users: number } | null = null;
let currentStatus: RealtimeStatus = "offline";

function setStatus(value: RealtimeStatus) {
  if (value === currentStatus) return;
  currentStatus = value;
  for (const listener of statusListeners) listener();
}

/** A component that remounts (a route change, a lazy page) keeps the socket instead of reopening it. */
const RELEASE_GRACE_MS = 1_000;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;

function closeShared() {
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = null;
  shared?.connection.close();
  shared = null;
}

function acquire(token: string): () => void {
  if (shared && shared.token !== token) closeShared();
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = null;
  if (!shared) {
    shared = {
      token,
      users: 0,
      connection: openRealtime({
        token,
        onStatus: setStatus,
        onMessage: (message) => {
          for (const listener of listeners) listener(message);
        },
      }),
    };
  }
  const held = shared;
  held.users += 1;
  return () => {
    held.users -= 1;
    if (held.users > 0 || shared !== held) return;
    releaseTimer = setTimeout(closeShared, RELEASE_GRACE_MS);
  };
}

/**
 * Keeps the tab's socket open for `token` while the calling component is mounted (none without a
 * token: signing out closes it); answers the connection's status.
 */
export function useRealtime(token: string | null): RealtimeStatus {
  useEffect(() => {
    // Signed out: the socket closes at once.
    if (!token) return closeShared();
    return typeof WebSocket === "undefined" ? undefined : acquire(token);
  }, [token]);
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => currentStatus,
    () => "offline",
  );
}

/** Calls `handler` with every frame the server sends (pass a stable function). */
export function useRealtimeMessages(handler: Listener): void {
  useEffect(() => {
    listeners.add(handler);
    return () => {
      listeners.delete(handler);
    };
  }, [handler]);
}
