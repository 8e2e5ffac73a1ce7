import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/helpers.tsx";
import { storeSubscription } from "./push.ts";

const subscription: PushSubscriptionJSON = {
  endpoint: "https://push.example/sub/1",
  keys: { p256dh: "BP256dhKey", auth: "authSecret" },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function backend(answers: number[]) {
  let n = 0;
  return mockFetch((call) =>
    call.url.startsWith("/api/v1/users/push/token")
      ? { status: answers[n++] ?? 200, body: { message: answers[n - 1] === 200 ? "ok" : "Errore" } }
      : undefined,
  );
}

describe("storing the push subscription", () => {
  it("sends the subscription JSON as the token, for the web client", async () => {
    const { calls } = backend([200]);
    await storeSubscription(subscription, { wait: async () => {} });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      body: { token: JSON.stringify(subscription), client: "web" },
    });
  });

  it("retries a failure up to 3 times, 3 s apart, and stops at the first success", async () => {
    const { calls } = backend([503, 500, 200]);
    const waits: number[] = [];
    await storeSubscription(subscription, { wait: async (ms) => void waits.push(ms) });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([3000, 3000]);
  });

  it("gives up after the third retry", async () => {
    const { calls } = backend([503, 503, 503, 503, 200]);
    const waits: number[] = [];
    await expect(storeSubscription(subscription, { wait: async (ms) => void waits.push(ms) })).rejects.toMatchObject({
      status: 503,
    });
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([3000, 3000, 3000]);
  });

  it("does not retry a refusal", async () => {
    const { calls } = backend([422]);
    await expect(storeSubscription(subscription, { wait: async () => {} })).rejects.toMatchObject({ status: 422 });
    expect(calls).toHaveLength(1);
  });
});
