import type { TBotAccess, TBotAccessList } from "@cura/domain";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "../../../app/providers.tsx";
import { mockFetch } from "../../../test/helpers.tsx";
import { AlertCentre } from "../../../ui/alerts/index.ts";
import { BotAccessSection } from "./BotAccessSection.tsx";

function renderSection() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <AlertCentre />
            <BotAccessSection />
          </>
        ),
      },
    ],
    { initialEntries: ["/cittadino/promemoria"] },
  );
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const telegram: TBotAccess = {
  hashid: "tg1",
  bot_username: "cura_dev_bot",
  active: true,
  messenger: "TG",
  created_at: "2026-11-20T10:00:00.000Z",
};
const whatsapp: TBotAccess = { ...telegram, hashid: "wp1", bot_username: "+390000000000", messenger: "WP" };

function backend(initial: TBotAccess[], options: { failList?: boolean; failDelete?: boolean } = {}) {
  let accesses = [...initial];
  const list = (): TBotAccessList => ({
    data: accesses,
    meta: {
      page: 1,
      per_page: 10,
      total: accesses.length,
      messengers: [
        { messenger: "TG", available: true, bot_username: "cura_dev_bot" },
        { messenger: "WP", available: false, bot_username: null },
      ],
    },
  });
  return mockFetch((call) => {
    if (call.url.startsWith("/api/v1/users/bots/access")) {
      return options.failList ? { status: 500, body: { message: "Errore" } } : { status: 200, body: list() };
    }
    const status = /^\/api\/v1\/users\/bots\/status\/(\w+)$/.exec(call.url);
    if (status && call.method === "POST") {
      const active = (call.body as { active: boolean }).active;
      accesses = accesses.map((a) => (a.hashid === status[1] ? { ...a, active } : a));
      const message = active ? "Bot attivato" : "Bot disattivato: non riceverai più promemoria su questa chat";
      return { status: 200, body: { message, data: accesses.find((a) => a.hashid === status[1]) } };
    }
    const removed = /^\/api\/v1\/users\/bots\/delete\/(\w+)$/.exec(call.url);
    if (removed && call.method === "DELETE") {
      if (options.failDelete) return { status: 500, body: { message: "Errore interno" } };
      accesses = accesses.filter((a) => a.hashid !== removed[1]);
      return { status: 200, body: { message: "Collegamento al bot eliminato" } };
    }
    if (call.url === "/api/v1/users/bots/link" && call.method === "POST") {
      return {
        status: 201,
        body: {
          data: { messenger: "TG", url: "https://t.me/cura_dev_bot?start=abc", expires_at: "2026-11-25T10:15:00.000Z" },
        },
      };
    }
    return undefined;
  });
}

describe("BotAccessSection", () => {
  it("switches a chat off only after the confirm, and deletes one after its own confirm", async () => {
    const { calls } = backend([telegram, whatsapp]);
    renderSection();
    const chats = await screen.findByRole("list", { name: "Chat collegate" });
    expect(within(chats).getAllByRole("listitem")).toHaveLength(2);
    const toggle = screen.getByRole("switch", { name: "Promemoria su Telegram (cura_dev_bot)" }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);

    // Cancelled: nothing sent, still on.
    fireEvent.click(toggle);
    let dialog = await screen.findByRole("dialog", { name: "Disattivare la chat?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.url.includes("/status/"))).toBe(false);
    expect(toggle.checked).toBe(true);

    fireEvent.click(toggle);
    dialog = await screen.findByRole("dialog", { name: "Disattivare la chat?" });
    expect(within(dialog).getByText(/Non riceverai più promemoria su Telegram \(cura_dev_bot\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Disattiva" }));
    expect(await screen.findByText("Bot disattivato: non riceverai più promemoria su questa chat")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/users/bots/status/tg1")?.body).toEqual({ active: false });
    await waitFor(() =>
      expect(
        (screen.getByRole("switch", { name: "Promemoria su Telegram (cura_dev_bot)" }) as HTMLInputElement).checked,
      ).toBe(false),
    );

    fireEvent.click(screen.getByRole("button", { name: "Elimina WhatsApp (+390000000000)" }));
    dialog = await screen.findByRole("dialog", { name: "Eliminare la chat collegata?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("Collegamento al bot eliminato")).toBeTruthy();
    await waitFor(() => expect(within(chats).getAllByRole("listitem")).toHaveLength(1));
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/v1/users/bots/delete/wp1")).toBe(true);
  });

  it("offers only the available messengers and shows the deep link it gets", async () => {
    const { calls } = backend([]);
    renderSection();
    expect(await screen.findByText("Nessuna chat collegata.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Collega WhatsApp" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Collega Telegram" }));
    const open = await screen.findByRole("link", { name: "Apri Telegram" });
    expect(open.getAttribute("href")).toBe("https://t.me/cura_dev_bot?start=abc");
    expect(calls.find((c) => c.url === "/api/v1/users/bots/link")?.body).toEqual({ messenger: "TG" });
  });

  it("says when the list cannot be loaded", async () => {
    backend([], { failList: true });
    renderSection();
    expect(await screen.findByText("Non è stato possibile caricare le chat collegate.")).toBeTruthy();
  });

  it("keeps the chat and says so when the deletion fails", async () => {
    backend([telegram], { failDelete: true });
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "Elimina Telegram (cura_dev_bot)" }));
    const dialog = await screen.findByRole("dialog", { name: "Eliminare la chat collegata?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("Non è stato possibile eliminare la chat collegata.")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Promemoria su Telegram (cura_dev_bot)" })).toBeTruthy();
  });
});
