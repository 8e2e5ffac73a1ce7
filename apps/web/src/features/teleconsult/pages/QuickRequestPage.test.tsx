import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

function respond(call: FetchCall) {
  if (call.url.startsWith("/api/v1/reservations/emergenza/pending"))
    return { status: 200, body: { data: { has_pending: false, reservation: null } } };
  if (call.url === "/api/v1/familymembers") return { status: 200, body: { data: [] } };
  if (call.url === "/api/v1/resources/public" && call.method === "POST") {
    const file = (call.body as FormData).get("file") as File;
    return {
      status: 200,
      body: { data: { hashid: file.name.replace(/\W/g, ""), name: file.name, full_path: "", nre: null } },
    };
  }
  if (call.url === "/api/v1/reservations/emergenza" && call.method === "POST")
    return { status: 409, body: { message: "Nessun operatore disponibile in questo momento. Riprova più tardi." } };
  return undefined;
}

describe("quick teleconsultation request", () => {
  it("uploads the chosen files (PDFs with encryption) and sends them as the request's attachments", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch(respond);
    renderApp("/cittadino/teleconsulti/nuovo/tcemergenza");
    const input = await screen.findByLabelText("Allegati (PDF o immagini, al massimo 5)");
    const pdf = new File(["%PDF-1.4"], "referto.pdf", { type: "application/pdf" });
    const photo = new File(["png"], "foto.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [pdf, photo] } });
    expect(await screen.findByText("foto.png")).toBeTruthy();
    const uploads = calls.filter((c) => c.url === "/api/v1/resources/public");
    expect(uploads.map((c) => (c.body as FormData).get("encrypt"))).toEqual(["true", "true"]);
    // Removed before sending: not attached.
    fireEvent.click(screen.getByRole("button", { name: "Rimuovi foto.png" }));
    fireEvent.change(screen.getByLabelText("Motivo della richiesta"), { target: { value: "Eruzione cutanea" } });
    fireEvent.click(screen.getByRole("button", { name: "Invia la richiesta" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/reservations/emergenza")).toBe(true));
    const sent = calls.find((c) => c.url === "/api/v1/reservations/emergenza");
    expect(sent?.body).toEqual({ reason: "Eruzione cutanea", for_whom: null, attachments: ["refertopdf"] });
    expect(await screen.findByText("Nessun operatore disponibile in questo momento. Riprova più tardi.")).toBeTruthy();
  });
});

describe("quick teleconsultation request: withdrawn while pending", () => {
  it("taken in charge but not connected: 'Annulla richiesta' cancels it and the form comes back", async () => {
    signInAs(makeUser({ type: 0 }));
    let open = true;
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/reservations/emergenza/pending"))
        return {
          status: 200,
          body: {
            data: open
              ? {
                  has_pending: true,
                  reservation: {
                    hashid: "r1",
                    status: "confermato",
                    deadline: null,
                    start: new Date(Date.now() - 60_000).toISOString(),
                    connected_at: null,
                    service: { name: "Teleconsulto rapido" },
                    suspended_survey: null,
                  },
                }
              : { has_pending: false, reservation: null },
          },
        };
      if (call.url === "/api/v1/reservations/own/cancel/r1" && call.method === "POST") {
        open = false;
        return { status: 200, body: { data: { hashid: "r1", status: "annullato" } } };
      }
      return respond(call);
    });
    renderApp("/cittadino/teleconsulti/nuovo/tcemergenza");
    const pending = await screen.findByTestId("teleconsult-pending");
    expect(within(pending).getByRole("link", { name: "Entra nel teleconsulto" })).toBeTruthy();
    fireEvent.click(within(pending).getByRole("button", { name: "Annulla richiesta" }));
    const dialog = await screen.findByRole("dialog", { name: "Annullare la richiesta di teleconsulto?" });
    fireEvent.click(within(dialog).getByLabelText("Non sono più interessato"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla la richiesta" }));
    expect(await screen.findByTestId("teleconsult-withdrawn")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/reservations/own/cancel/r1")?.body).toEqual({ reason: 1 });
    expect(await screen.findByLabelText("Motivo della richiesta")).toBeTruthy();
    expect(screen.queryByTestId("teleconsult-pending")).toBeNull();
  });

  it("connected: no withdrawal offered", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/reservations/emergenza/pending"))
        return {
          status: 200,
          body: {
            data: {
              has_pending: true,
              reservation: {
                hashid: "r1",
                status: "confermato",
                deadline: null,
                start: new Date(Date.now() - 120_000).toISOString(),
                connected_at: new Date(Date.now() - 60_000).toISOString(),
                service: { name: "Teleconsulto rapido" },
                suspended_survey: null,
              },
            },
          },
        };
      return respond(call);
    });
    renderApp("/cittadino/teleconsulti/nuovo/tcemergenza");
    const pending = await screen.findByTestId("teleconsult-pending");
    expect(within(pending).getByRole("link", { name: "Entra nel teleconsulto" })).toBeTruthy();
    expect(within(pending).queryByRole("button", { name: "Annulla richiesta" })).toBeNull();
  });
});
