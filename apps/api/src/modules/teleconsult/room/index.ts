import { CALL_LIMITS } from "@cura/domain";
import type { CuraModule } from "../../../platform/module.ts";
import { setCallEndedListener } from "../index.ts";
import { roomRoutes } from "./routes.ts";
import { runClock, stopCalls } from "./service.ts";
import { registerCallRoom } from "./signalling.ts";

export const TELECONSULT_CLOCK_JOB = "teleconsult-room-clock";

/**
 * The teleconsultation call (issue 10): the realtime room, the server's clock, guests. Its own
 * module so that the teleconsult module (requests, queues) and the call stay apart; it reaches the
 * teleconsult module only through its index.
 */
export const teleconsultRoomModule: CuraModule = {
  name: "teleconsult-room",
  routes: async (app, { ctx }) => {
    registerCallRoom(ctx);
    setCallEndedListener(stopCalls);
    const tick = () => {
      runClock(ctx.db, new Date()).catch((error: unknown) => app.log.warn({ err: error }, "teleconsult clock failed"));
    };
    // The stored deadlines are the clock: the job (every minute, once across instances) ends what is
    // due wherever it runs. The instance that started a clock also wakes itself at the warning and at
    // the end, so that they are on time; a lost timer (a restart) only makes the job's minute matter.
    ctx.jobs.define({
      name: TELECONSULT_CLOCK_JOB,
      cron: "* * * * *",
      run: async () => void (await runClock(ctx.db, new Date())),
    });
    const timers = new Set<NodeJS.Timeout>();
    const wakeAt = (at: Date) => {
      const delay = Math.max(0, at.getTime() - Date.now()) + 50;
      if (delay > 2 ** 31 - 1) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        tick();
      }, delay);
      timer.unref();
      timers.add(timer);
    };
    app.addHook("onClose", async () => {
      for (const timer of timers) clearTimeout(timer);
    });
    await app.register(roomRoutes, {
      ctx,
      onClockStarted: (deadline) => {
        wakeAt(new Date(deadline.getTime() - CALL_LIMITS.warningBeforeEndMs));
        wakeAt(deadline);
      },
    });
  },
};

// app.ts gives the realtime hub this authenticator, so that a guest's socket token opens a socket.
export { withRoomGuests } from "./guest-auth.ts";
