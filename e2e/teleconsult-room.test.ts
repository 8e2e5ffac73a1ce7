import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, expectAccessible, launchBrowser, newPage, settled, signIn } from "./browser.ts";
import { ROOM_CITIZEN, ROOM_OPERATOR } from "./teleconsult-room-fixtures.ts";

/**
 * The teleconsultation call (issue 10 journeys 1's call, 4 and 5): citizen and operator in two
 * browser contexts with Chromium's fake camera and microphone reach status 4 and see each other's
 * frames; the timer runs; 'Termina'; a guest joins by link in a third context and cannot reopen it;
 * without a camera the call goes on with audio, and the chat works. The calls were taken in charge
 * in the global setup (e2e/teleconsult-room-fixtures.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    "--allow-loopback-in-peer-connection",
  ]);
});
afterAll(async () => {
  await browser?.close();
});

const calls = () => inject("teleconsultRoomCalls");

/** Every page a journey opened: closed after it, pass or fail (a live call costs the machine). */
const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0))
    await page
      .context()
      .close()
      .catch(() => {});
});
async function open(): Promise<Page> {
  const page = await newPage(browser);
  opened.push(page);
  return page;
}

async function enter(page: Page, url: string, media: "video" | "audio" | "chat" = "video") {
  await page.goto(url);
  await settled(page);
  const label = { video: "Entra con video", audio: "Entra con solo audio", chat: "Entra con solo chat" }[media];
  await page.getByRole("button", { name: label }).click();
}

const status = (page: Page) => page.getByTestId("call-status").getAttribute("data-status");

/** Frames of every remote video (0 until a frame arrived). */
const remoteWidths = (page: Page) =>
  page.$$eval("video[data-testid=remote-video]", (videos) => videos.map((v) => (v as HTMLVideoElement).videoWidth));

async function member(email: string): Promise<Page> {
  const page = await open();
  await signIn(page, email);
  return page;
}

describe("the teleconsultation call", () => {
  it("connects citizen and operator with video (status 4, remote frames), runs the timer, chats, and 'Termina' ends it", async () => {
    const { video } = calls();
    const citizen = await member(ROOM_CITIZEN);
    const operator = await member(ROOM_OPERATOR);
    await enter(citizen, `/cittadino/teleconsulti/chiamata/${video}`);
    await enter(operator, `/operatore/teleconsulto/chiamata/${video}`);
    for (const page of [citizen, operator]) {
      await expect.poll(() => status(page), { timeout: 20_000 }).toBe("4");
      await expect.poll(async () => (await remoteWidths(page))[0] ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    }
    // The server's clock started at the first status 4: the timer counts down from 15 minutes.
    const timer = citizen.getByTestId("call-timer");
    await expect.poll(() => timer.textContent(), { timeout: 10_000 }).toMatch(/1[45]:\d\d/);
    const first = await timer.textContent();
    await citizen.waitForTimeout(1_500);
    expect(await timer.textContent()).not.toBe(first);
    await expectAccessible(citizen);
    await expectAccessible(operator);

    await citizen.getByLabel("Messaggio").fill("Buongiorno, ho la febbre da ieri");
    await citizen.getByRole("button", { name: "Invia" }).click();
    await expect
      .poll(() => operator.getByTestId("chat-log").textContent())
      .toContain("Buongiorno, ho la febbre da ieri");

    await operator.getByRole("button", { name: "Termina" }).click();
    await expect.poll(() => citizen.getByRole("status").allTextContents()).toContain("La teleconsulenza è terminata");
    // The room is closed: coming back shows it over, with no way in.
    await citizen.reload();
    await settled(citizen);
    await expect
      .poll(() => citizen.getByRole("status").allTextContents())
      .toContain("La teleconsulenza è terminata: non è possibile rientrare");
    expect(await citizen.getByRole("button", { name: "Entra con video" }).count()).toBe(0);
    await expectAccessible(citizen);
  }, 120_000);

  it("lets a guest invited by the operator join by link (three-way), once", async () => {
    const { guest: call } = calls();
    const citizen = await member(ROOM_CITIZEN);
    const operator = await member(ROOM_OPERATOR);
    await enter(citizen, `/cittadino/teleconsulti/chiamata/${call}`);
    await enter(operator, `/operatore/teleconsulto/chiamata/${call}`);
    await expect.poll(() => status(operator), { timeout: 20_000 }).toBe("4");

    await operator.getByLabel("Nome dell'ospite").fill("Lucia Rossi");
    await operator.getByLabel("E-mail o cellulare dell'ospite").fill("lucia.ospite@example.it");
    await operator.getByRole("button", { name: "Invita" }).click();
    await expect.poll(() => operator.getByText("Invito inviato").count()).toBe(1);
    const outbox = await (await fetch(`${baseUrl()}/api/v1/dev/outbox?to=lucia.ospite@example.it`)).json();
    const link = /\/teleconsulto\/ospite\/[A-Za-z0-9_-]{22}/.exec(JSON.stringify(outbox.data))?.[0] as string;
    expect(link).toBeDefined();

    const guest = await open();
    await guest.goto(link);
    await settled(guest);
    await expectAccessible(guest);
    await guest.getByRole("button", { name: "Partecipa" }).click();
    await guest.getByRole("button", { name: "Entra con video" }).click();
    await operator.getByRole("button", { name: "Ammetti Lucia Rossi" }).click();
    // Three peers negotiating on two busy cores (the phone pass runs after everything else).
    await expect.poll(() => status(guest), { timeout: 45_000 }).toBe("4");
    await expect.poll(async () => (await remoteWidths(guest)).filter((w) => w > 0).length, { timeout: 45_000 }).toBe(2);
    await expect
      .poll(async () => (await remoteWidths(citizen)).filter((w) => w > 0).length, { timeout: 20_000 })
      .toBe(2);
    await expectAccessible(guest);

    // The link works once.
    const again = await open();
    await again.goto(link);
    await settled(again);
    await again.getByRole("button", { name: "Partecipa" }).click();
    await expect.poll(() => again.getByRole("alert").allTextContents()).toContain("Link già utilizzato");
    await expectAccessible(again);
  }, 150_000);

  it("goes on with audio when the camera fails, and the chat works", async () => {
    const { audio } = calls();
    const citizen = await open();
    // A computer without a camera: asking for video fails, audio alone works.
    await citizen.addInitScript(() => {
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (constraints) =>
        constraints?.video ? Promise.reject(new DOMException("No camera", "NotFoundError")) : original(constraints);
    });
    await signIn(citizen, ROOM_CITIZEN);
    const operator = await member(ROOM_OPERATOR);
    await enter(citizen, `/cittadino/teleconsulti/chiamata/${audio}`);
    await expect
      .poll(() => citizen.getByRole("alert").allTextContents())
      .toContain("Impossibile avviare fotocamera o microfono");
    await enter(operator, `/operatore/teleconsulto/chiamata/${audio}`);
    for (const page of [citizen, operator]) await expect.poll(() => status(page), { timeout: 20_000 }).toBe("4");
    // The citizen sees the operator's video; the operator hears the citizen (no video from them).
    await expect.poll(async () => (await remoteWidths(citizen))[0] ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await citizen.getByRole("button", { name: "Passa al solo audio" }).count()).toBe(0);
    await operator.getByLabel("Messaggio").fill("La sento bene, proseguiamo in audio");
    await operator.getByRole("button", { name: "Invia" }).click();
    await expect
      .poll(() => citizen.getByTestId("chat-log").textContent())
      .toContain("La sento bene, proseguiamo in audio");
    await expectAccessible(citizen);
  }, 120_000);
});
