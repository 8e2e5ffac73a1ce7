import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { signedInRealtime } from "../../../test/realtime-client.ts";
import { notifyUser } from "./index.ts";
import { testIds } from "./test-helpers.ts";

/**
 * A popup notification is pushed on the realtime socket (docs/realtime.md) to its user's own room
 * when it is committed, so the web app shows it at once instead of at its next poll.
 */
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const hashidOf = async (token: string) =>
  (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data.hashid as string;

const popup = (userId: number, title: string) => ({
  userId,
  audience: "citizen" as const,
  title,
  body: `${title}: dettagli`,
  popup: { action: "Vai", variant: "info" as const },
});

describe("popup notifications pushed on the realtime socket", () => {
  it("reach every open tab of their user the moment they are committed, and nobody else", async () => {
    const token = await t.login(accounts.citizen);
    const hashid = await hashidOf(token);
    const other = await signedInRealtime(t.app, await t.login(accounts.pharmacyOperator));
    const tabs = [await signedInRealtime(t.app, token), await signedInRealtime(t.app, token)];
    await notifyUser(t.database.db, popup(testIds.decode(hashid) as number, "Teleconsulto"));
    for (const tab of tabs) {
      expect(await tab.next("event")).toEqual({ type: "event", room: `user:${hashid}`, event: "popup", payload: null });
    }
    // The other user's socket answers a ping, and has had no event.
    other.send({ type: "ping" });
    await other.next("pong");
    expect(other.received.filter((m) => m.type === "event")).toEqual([]);
    // What the push announces is there to fetch.
    const popups = await t.request({ method: "GET", url: "/api/v1/popupnotifications?unseen=true", token });
    expect(popups.json().data.map((p: { title: string }) => p.title)).toContain("Teleconsulto");
    for (const client of [other, ...tabs]) client.close();
  });

  it("push nothing for a popup whose transaction rolled back", async () => {
    const token = await t.login(accounts.citizen3);
    const userId = testIds.decode(await hashidOf(token)) as number;
    const client = await signedInRealtime(t.app, token);
    await t.database.db
      .transaction(async (tx) => {
        await notifyUser(tx, popup(userId, "Annullata"));
        throw new Error("rollback");
      })
      .catch(() => {});
    await notifyUser(t.database.db, popup(userId, "Confermata"));
    await client.next("event");
    client.send({ type: "ping" });
    await client.next("pong");
    expect(client.received.filter((m) => m.type === "event")).toHaveLength(1);
    client.close();
  });

  it("are not pushed for a plain notification", async () => {
    const token = await t.login(accounts.citizen2);
    const userId = testIds.decode(await hashidOf(token)) as number;
    const client = await signedInRealtime(t.app, token);
    await notifyUser(t.database.db, { userId, audience: "citizen", title: "Avviso", body: "Nella centrale" });
    client.send({ type: "ping" });
    await client.next("pong");
    expect(client.received.filter((m) => m.type === "event")).toEqual([]);
    client.close();
  });
});
