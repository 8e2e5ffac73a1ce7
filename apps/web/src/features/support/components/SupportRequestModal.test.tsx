import { component as ItHelpCircle } from "@design-react-kit-icons/ItHelpCircle";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { loadSupportRequestModal } from "../../../app/areas/area.ts";
import { AppProviders, createQueryClient } from "../../../app/providers.tsx";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { AlertCentre } from "../../../ui/alerts/index.ts";
import { SupportRequestProvider, useSupportRequest } from "../support-request.tsx";

const TITLE = "Richiesta di supporto";
const menu = () => screen.getByRole("navigation", { name: /^Menu dell'Area/ });
const menuItem = async () => within(menu()).getByRole("button", { name: TITLE });

/** The support API: `status` answers POST utilities/ticket. The citizen's shell asks its popup questions. */
function ticketApi(status = 201) {
  return mockFetch((call) => {
    if (call.url === "/api/v1/users/popup/questions/unanswered") return { status: 200, body: { data: [] } };
    if (call.url !== "/api/v1/utilities/ticket" || call.method !== "POST") return undefined;
    if (status === 201) {
      return {
        status,
        body: {
          message: "Richiesta inviata: ti risponderemo al più presto",
          data: { hashid: "t1", object: "malfunzionamento", created_at: "2026-11-26T10:00:00.000Z" },
        },
      };
    }
    return { status, body: { message: "Si è verificato un errore imprevisto" } };
  });
}

const tickets = (calls: ReturnType<typeof mockFetch>["calls"]) =>
  calls.filter((c) => c.url === "/api/v1/utilities/ticket" && c.method === "POST");

async function openFromMenu() {
  await screen.findByRole("heading", { level: 1 });
  await waitFor(() => expect(within(menu()).getByRole("button", { name: TITLE })).toBeTruthy());
  const item = await menuItem();
  item.focus();
  fireEvent.click(item);
  const dialog = await screen.findByRole("dialog", { name: TITLE });
  return { item, dialog };
}

async function fillAndSend(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText("Oggetto"), { target: { value: "malfunzionamento" } });
  fireEvent.change(within(dialog).getByLabelText("Messaggio"), {
    target: { value: "Il calendario non mostra le prenotazioni di domani" },
  });
  fireEvent.click(within(dialog).getByRole("button", { name: "Invia la richiesta" }));
}

describe("support request modal (spec 001 screen 4)", () => {
  it("opens from the menu's question-circle item, labelled, and Escape gives the focus back to the item", async () => {
    signInAs(makeUser());
    ticketApi();
    renderApp("/cittadino/home");
    const { item, dialog } = await openFromMenu();
    expect(item.getAttribute("aria-haspopup")).toBe("dialog");
    // The question-circle icon: design-react-kit's it-help-circle drawing.
    const icon = render(<ItHelpCircle />)
      .container.querySelector("path")
      ?.getAttribute("d");
    expect(item.querySelector("svg path")?.getAttribute("d")).toBe(icon);
    expect(within(dialog).getByRole("heading", { level: 2, name: TITLE })).toBeTruthy();
    // Empty fields: the menu's item opens the plain request.
    expect((within(dialog).getByLabelText("Oggetto") as HTMLSelectElement).value).toBe("");
    expect((within(dialog).getByLabelText("Messaggio") as HTMLTextAreaElement).value).toBe("");
    fireEvent.keyUp(dialog, { key: "Escape", keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(item));
  });

  it("requires the object and the message: nothing is sent and the modal stays open", async () => {
    signInAs(makeUser());
    const { calls } = ticketApi();
    renderApp("/cittadino/home");
    const { dialog } = await openFromMenu();
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia la richiesta" }));
    expect(await within(dialog).findByText("Scegli l'oggetto della richiesta")).toBeTruthy();
    expect(within(dialog).getByText("Scrivi il messaggio")).toBeTruthy();
    expect(within(dialog).getByLabelText("Messaggio").getAttribute("aria-invalid")).toBe("true");
    expect(tickets(calls)).toEqual([]);
    expect(screen.getByRole("dialog", { name: TITLE })).toBe(dialog);
  });

  it("sends the request, closes, and shows the success alert", async () => {
    signInAs(makeUser());
    const { calls } = ticketApi();
    renderApp("/cittadino/home");
    const { dialog } = await openFromMenu();
    await fillAndSend(dialog);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const alert = await screen.findByRole("status");
    expect(alert.textContent).toBe("Richiesta inviata: ti risponderemo al più presto");
    expect(tickets(calls).map((c) => c.body)).toEqual([
      { object: "malfunzionamento", content: "Il calendario non mostra le prenotazioni di domani" },
    ]);
  });

  it("closes on a failure too, with the error alert", async () => {
    signInAs(makeUser());
    const { calls } = ticketApi(500);
    renderApp("/cittadino/home");
    const { dialog } = await openFromMenu();
    await fillAndSend(dialog);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const alert = await screen.findByRole("alert");
    expect(alert.getAttribute("data-kind")).toBe("error");
    expect(alert.textContent).toBe("Si è verificato un errore imprevisto");
    expect(tickets(calls)).toHaveLength(1);
    // Opened again, it starts empty.
    fireEvent.click(await menuItem());
    const again = await screen.findByRole("dialog", { name: TITLE });
    expect((within(again).getByLabelText("Messaggio") as HTMLTextAreaElement).value).toBe("");
  });

  it("is in the operators' menu too, not in the administrators' (their menu has the page)", async () => {
    signInAs(makeUser({ type: 1 }));
    ticketApi();
    const operator = renderApp("/operatore/home");
    await openFromMenu();
    operator.unmount();

    signInAs(makeUser({ type: 2, anagrafica: null }));
    renderApp("/admin/home");
    await screen.findByRole("heading", { level: 1 });
    expect(within(menu()).queryByRole("button", { name: TITLE })).toBeNull();
    expect(within(menu()).getByRole("link", { name: "Supporto" }).getAttribute("href")).toBe("/admin/supporto");
  });
});

describe("useSupportRequest().open (the full-monitor subscription variant)", () => {
  function FullMonitorInfo() {
    const support = useSupportRequest();
    return (
      <>
        <button
          type="button"
          onClick={() =>
            support.open({
              object: "richiesta informazioni",
              content: "Vorrei informazioni sull'abbonamento Full Monitor",
            })
          }
        >
          Informazioni sul piano
        </button>
        <button type="button" onClick={() => support.open()}>
          Assistenza
        </button>
      </>
    );
  }

  function renderVariant() {
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
    return render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter>
          <SupportRequestProvider load={loadSupportRequestModal}>
            <AlertCentre />
            <FullMonitorInfo />
          </SupportRequestProvider>
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it("opens pre-filled, sends what it shows, and a later plain opening is empty", async () => {
    signInAs(makeUser());
    const { calls } = ticketApi();
    renderVariant();
    fireEvent.click(screen.getByRole("button", { name: "Informazioni sul piano" }));
    const dialog = await screen.findByRole("dialog", { name: TITLE });
    expect((within(dialog).getByLabelText("Oggetto") as HTMLSelectElement).value).toBe("richiesta informazioni");
    expect((within(dialog).getByLabelText("Messaggio") as HTMLTextAreaElement).value).toBe(
      "Vorrei informazioni sull'abbonamento Full Monitor",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia la richiesta" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((await screen.findByRole("status")).textContent).toBe("Richiesta inviata: ti risponderemo al più presto");
    expect(tickets(calls).map((c) => c.body)).toEqual([
      { object: "richiesta informazioni", content: "Vorrei informazioni sull'abbonamento Full Monitor" },
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Assistenza" }));
    const plain = await screen.findByRole("dialog", { name: TITLE });
    expect((within(plain).getByLabelText("Oggetto") as HTMLSelectElement).value).toBe("");
    expect((within(plain).getByLabelText("Messaggio") as HTMLTextAreaElement).value).toBe("");
  });

  it("is refused outside an area with the support request", () => {
    function Outside() {
      useSupportRequest();
      return null;
    }
    const queryClient = createQueryClient();
    // React reports the error it rethrows: expected here.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() =>
      render(
        <AppProviders queryClient={queryClient}>
          <SupportRequestProvider load={undefined}>
            <Outside />
          </SupportRequestProvider>
        </AppProviders>,
      ),
    ).toThrow(/no support request in this area/);
    quiet.mockRestore();
  });
});
