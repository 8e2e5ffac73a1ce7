import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp } from "../../../test/helpers.tsx";

const older = {
  hashid: "m1",
  channel: "sms",
  to: "+393331234567",
  subject: null,
  text: "Il tuo codice è 123456",
  html: null,
  created_at: "2025-04-01T09:00:00.000Z",
};
const newer = {
  hashid: "m2",
  channel: "email",
  to: "mario.rossi@example.com",
  subject: "Conferma il tuo indirizzo",
  text: "Apri https://cura.example/email/verify/success?mailtoken=abc per confermare.",
  html: "<p>Apri il <a href='https://cura.example'>link</a></p>",
  created_at: "2025-04-01T10:00:00.000Z",
};

describe("dev outbox page", () => {
  it("lists messages newest first, with clickable links and the HTML in a sandboxed frame", async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/dev/outbox") ? { status: 200, body: { data: [older, newer] } } : undefined,
    );
    renderApp("/dev/outbox");
    const items = await screen.findAllByTestId("outbox-message");
    expect(items.map((i) => within(i).getByRole("heading").textContent)).toEqual([
      "Conferma il tuo indirizzo",
      "(senza oggetto)",
    ]);
    const link = within(items[0] as HTMLElement).getByRole("link", { name: /mailtoken=abc/ });
    expect(link.getAttribute("href")).toBe("https://cura.example/email/verify/success?mailtoken=abc");
    const frame = within(items[0] as HTMLElement).getByTitle(/Conferma il tuo indirizzo/);
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toContain("<a href='https://cura.example'>");

    fireEvent.change(screen.getByLabelText("Filtra per destinatario"), {
      target: { value: "mario.rossi@example.com" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Filtra" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === "/api/v1/dev/outbox?to=mario.rossi%40example.com")).toBe(true),
    );
  });

  it("is not there when the server has no outbox (404), like its API", async () => {
    mockFetch();
    renderApp("/dev/outbox");
    expect(await screen.findByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeTruthy();
  });
});
