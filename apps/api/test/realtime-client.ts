import { REALTIME_PATH, type TRealtimeServerMessage } from "@cura/domain";
import type { FastifyInstance } from "fastify";
import { WebSocket } from "ws";

/**
 * A real WebSocket client for tests of the realtime hub (docs/realtime.md): it connects over TCP to
 * an app listening on 127.0.0.1, and reads the server's frames in order.
 */
export interface RealtimeTestClient {
  socket: WebSocket;
  send(message: unknown): void;
  /** The next frame (after those already taken) that matches, within `timeoutMs`. */
  next<T extends TRealtimeServerMessage["type"]>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<TRealtimeServerMessage, { type: T }>>;
  /** Every frame received so far, taken or not. */
  received: TRealtimeServerMessage[];
  /** Resolves with the close code and reason when the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Starts listening on a free port of 127.0.0.1 (once per app) and answers the socket's URL. */
export async function realtimeUrl(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === "object") return `ws://127.0.0.1:${address.port}${REALTIME_PATH}`;
  await app.listen({ port: 0, host: "127.0.0.1" });
  return realtimeUrl(app);
}

export async function connectRealtime(app: FastifyInstance): Promise<RealtimeTestClient> {
  const socket = new WebSocket(await realtimeUrl(app));
  const received: TRealtimeServerMessage[] = [];
  let taken = 0;
  const wake = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on("close", (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of wake) w();
    });
  });
  socket.on("message", (data) => {
    received.push(JSON.parse(data.toString()) as TRealtimeServerMessage);
    for (const w of wake) w();
  });
  socket.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    received,
    closed,
    send(message) {
      socket.send(typeof message === "string" ? message : JSON.stringify(message));
    },
    next(type, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (taken < received.length) {
            const message = received[taken++] as TRealtimeServerMessage;
            if (message.type === type) {
              cleanup();
              resolve(message as never);
              return;
            }
          }
          if (socket.readyState === WebSocket.CLOSED) {
            cleanup();
            reject(new Error(`socket closed before a "${type}" frame; got ${JSON.stringify(received)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no "${type}" frame within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          wake.delete(check);
        };
        wake.add(check);
        check();
      });
    },
    close() {
      socket.close();
    },
  };
}

/** A client signed in with `token`, past its `ready` frame. */
export async function signedInRealtime(app: FastifyInstance, token: string): Promise<RealtimeTestClient> {
  const client = await connectRealtime(app);
  client.send({ type: "auth", token });
  await client.next("ready");
  return client;
}
