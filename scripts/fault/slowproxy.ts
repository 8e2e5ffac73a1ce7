/**
 * A TCP proxy between the API and PostgreSQL that makes the database slow or unreachable on demand
 * (issue 15, `npm run fault:slow`, docs/reliability.md). Toxiproxy's server cannot be installed here
 * and the npm TCP proxies inject no faults, so it is a few lines of node:net.
 *
 * Modes, switched at run time by whoever holds the proxy (the harness, in the same process):
 * - `fast`: bytes pass as they come;
 * - `latency`: every chunk, each way, is delayed by `latencyMs ± jitterMs` (uniform), order kept;
 * - `stall`: a new connection is accepted and never answered (nothing reaches PostgreSQL); on an open
 *   connection, whatever arrives is swallowed and the connection stays dead for good, as behind a
 *   network partition or a hung server: the client must give up on its own (its timeouts).
 * `reset()` ends every open connection with a TCP RST (ECONNRESET on both sides).
 */
import { createServer, type Server, Socket } from "node:net";

export type ProxyMode = "fast" | "latency" | "stall";

export interface SlowProxyOptions {
  target: { host: string; port: number };
  /** Loopback port to listen on; 0 picks a free one. */
  port?: number;
  latencyMs?: number;
  jitterMs?: number;
}

export interface SlowProxy {
  readonly port: number;
  mode: ProxyMode;
  /** Ends every open connection with a reset; answers how many connections it ended. */
  reset(): number;
  stats(): { accepted: number; open: number; stalled: number; resets: number };
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
  /** Swallowed something during a stall: dead for good. */
  dead: boolean;
}

export async function startSlowProxy(options: SlowProxyOptions): Promise<SlowProxy> {
  const latencyMs = options.latencyMs ?? 50;
  const jitterMs = options.jitterMs ?? 20;
  const pairs = new Set<Pair>();
  const counts = { accepted: 0, stalled: 0, resets: 0 };
  let mode: ProxyMode = "fast";
  const delay = () => (mode === "latency" ? Math.max(0, latencyMs + (Math.random() * 2 - 1) * jitterMs) : 0);

  /** Writes chunks to `to` after their delay, in the order they arrived (a later chunk never overtakes). */
  const direction = (pair: Pair, to: () => Socket | null) => {
    let lastAt = 0;
    return (chunk: Buffer) => {
      if (pair.dead || mode === "stall") {
        if (!pair.dead) counts.stalled++;
        pair.dead = true;
        return;
      }
      const at = Math.max(lastAt, performance.now() + delay());
      lastAt = at;
      const write = () => {
        const socket = to();
        if (!pair.dead && socket && !socket.destroyed) socket.write(chunk);
      };
      const wait = at - performance.now();
      if (wait <= 0) write();
      else setTimeout(write, wait);
    };
  };

  const end = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  const server: Server = createServer((client) => {
    counts.accepted++;
    const pair: Pair = { client, upstream: null, dead: false };
    pairs.add(pair);
    client.on("error", () => end(pair));
    client.on("close", () => end(pair));
    if (mode === "stall") {
      // Accepted, never answered: what arrives is swallowed, nothing is connected behind it.
      pair.dead = true;
      counts.stalled++;
      client.on("data", () => {});
      return;
    }
    const upstream = new Socket();
    pair.upstream = upstream;
    upstream.on("error", () => end(pair));
    upstream.on("close", () => end(pair));
    client.on(
      "data",
      direction(pair, () => pair.upstream),
    );
    upstream.on(
      "data",
      direction(pair, () => pair.client),
    );
    upstream.connect(options.target.port, options.target.host);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    get mode() {
      return mode;
    },
    set mode(next: ProxyMode) {
      mode = next;
    },
    reset() {
      const open = [...pairs];
      for (const pair of open) {
        pairs.delete(pair);
        pair.dead = true;
        pair.client.resetAndDestroy();
        pair.upstream?.resetAndDestroy();
      }
      counts.resets += open.length;
      return open.length;
    },
    stats: () => ({ ...counts, open: pairs.size }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of [...pairs]) end(pair);
        server.close(() => resolve());
      }),
  };
}
