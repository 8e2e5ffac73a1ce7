/**
 * Preloaded (`node --import`) into the processes the benchmarks measure, the API and the bare
 * baseline: answers the benchmark's "cpu" message over the IPC channel with the process's own
 * `process.cpuUsage()` and RSS, so that CPU per request and memory are read from inside each process,
 * not guessed from outside. The API's code is not touched: this exists only in the benchmark's child
 * processes. Plain JavaScript: a TypeScript preload makes Node load its type stripper (a WebAssembly
 * module) into the measured process, where it stays (docs/performance.md, "Survey report at scale").
 */
if (process.send) {
  process.on("message", (message) => {
    if (message === "cpu") {
      const usage = process.cpuUsage();
      process.send?.({ cpuMs: (usage.user + usage.system) / 1000, rssMb: process.memoryUsage.rss() / 2 ** 20 });
    }
  });
  // The channel must not keep the process alive once its server has closed.
  process.channel?.unref();
}
