import { monitorEventLoopDelay } from "node:perf_hooks";
import type { PoolLoad } from "../db/client.ts";

/**
 * What the slow-database harness (`npm run fault:slow`) reads from a running instance: the event
 * loop's delay (a server that blocks its loop answers late however fast its database is) and the
 * pool's queue. Development and tests only (`GET dev/load`): never part of a production answer.
 */
export interface LoadMonitor {
  /** Delay percentiles in ms since the last reset; `reset` starts a new window. */
  snapshot(reset?: boolean): LoadSnapshot;
  stop(): void;
}

export interface LoadSnapshot {
  event_loop_delay_ms: { p50: number; p99: number; max: number; samples: number };
  pool: PoolLoad | null;
}

export function createLoadMonitor(poolLoad?: (reset?: boolean) => PoolLoad): LoadMonitor {
  // 10 ms sampling, as Node's own examples: fine enough for a p99 goal of 50 ms.
  const resolutionMs = 10;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  // The histogram holds the time between two samples, the sampling interval included: the delay is the rest.
  const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - resolutionMs) * 10) / 10);
  return {
    snapshot(reset = false) {
      const snapshot: LoadSnapshot = {
        event_loop_delay_ms: {
          p50: ms(histogram.percentile(50)),
          p99: ms(histogram.percentile(99)),
          max: ms(histogram.max),
          samples: histogram.count,
        },
        pool: poolLoad?.(reset) ?? null,
      };
      if (reset) histogram.reset();
      return snapshot;
    },
    stop: () => histogram.disable(),
  };
}
