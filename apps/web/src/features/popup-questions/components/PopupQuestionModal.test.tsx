import type { TPopupQuestion } from "@cura/domain";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "../../../app/providers.tsx";
import { mockFetch } from "../../../test/helpers.tsx";
import { AlertCentre } from "../../../ui/alerts/index.ts";
import PopupQuestionModal from "./PopupQuestionModal.tsx";

function renderInShell(ui: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <AlertCentre />
            {ui}
          </>
        ),
      },
    ],
    { initialEntries: ["/cittadino/home"] },
  );
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const question = (ref: string, title: string, options: string, multiple = false): TPopupQuestion => ({
  ref,
  title,
  description: `${title}: descrizione`,
  options,
  multiple,
});

function api(questions: TPopupQuestion[], answerStatus = 201) {
  return mockFetch((call) => {
    if (call.url === "/api/v1/users/popup/questions/unanswered") return { status: 200, body: { data: questions } };
    if (call.url === "/api/v1/users/popup/questions" && call.method === "POST") {
      if (answerStatus !== 201) return { status: answerStatus, body: { message: "Errore" } };
      return { status: 201, body: { message: "Grazie per la tua risposta", data: {} } };
    }
    return undefined;
  });
}

describe("PopupQuestionModal", () => {
  it("asks the unanswered questions one by one, thanks after each answer and closes after the last", async () => {
    const { calls } = api([
      question("q1", "Come ti trovi con Cura?", "Bene,Male"),
      question("q2", "Quali servizi usi?", "Prenotazioni,Teleconsulti,Farmaci", true),
    ]);
    renderInShell(<PopupQuestionModal />);
    const dialog = await screen.findByRole("dialog", { name: "Una domanda per te" });
    expect(within(dialog).getByText("Domanda 1 di 2")).toBeTruthy();
    expect(within(dialog).getByText("Come ti trovi con Cura?: descrizione")).toBeTruthy();
    // Escape does not close it: the questions are answered or put off with "Più tardi".
    fireEvent.keyDown(dialog, { key: "Escape" });

    // Nothing chosen: said under the options, nothing sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia la risposta" }));
    expect(await within(dialog).findByRole("alert")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(within(dialog).getByRole("radio", { name: "Bene" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia la risposta" }));
    expect(await screen.findByText("Grazie per la tua risposta")).toBeTruthy();
    const first = calls.find((c) => c.method === "POST");
    expect(first?.body).toEqual({ ref: "q1", response: "Bene" });

    const second = await screen.findByRole("group", { name: "Quali servizi usi?" });
    expect(screen.getByText("Domanda 2 di 2")).toBeTruthy();
    fireEvent.click(within(second).getByRole("checkbox", { name: "Prenotazioni" }));
    fireEvent.click(within(second).getByRole("checkbox", { name: "Farmaci" }));
    fireEvent.click(screen.getByRole("button", { name: "Invia la risposta" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts[1]?.body).toEqual({ ref: "q2", response: "Prenotazioni,Farmaci" });
  });

  it("moves on when the question was already answered elsewhere (409)", async () => {
    api([question("q1", "Domanda già risposta", "Sì,No")], 409);
    renderInShell(<PopupQuestionModal />);
    fireEvent.click(await screen.findByRole("radio", { name: "Sì" }));
    fireEvent.click(screen.getByRole("button", { name: "Invia la risposta" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("tells when the answer cannot be sent, and keeps the question", async () => {
    api([question("q1", "Domanda", "Sì,No")], 500);
    renderInShell(<PopupQuestionModal />);
    fireEvent.click(await screen.findByRole("radio", { name: "No" }));
    fireEvent.click(screen.getByRole("button", { name: "Invia la risposta" }));
    expect(await screen.findByText("Non è stato possibile inviare la risposta, riprova")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("puts the questions off with 'Più tardi'", async () => {
    api([question("q1", "Domanda", "Sì,No")]);
    renderInShell(<PopupQuestionModal />);
    fireEvent.click(await screen.findByRole("button", { name: "Più tardi" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows nothing on a 401, and tells other load failures", async () => {
    const { calls } = mockFetch(() => ({ status: 401, body: { message: "Accesso richiesto" } }));
    const { unmount } = renderInShell(<PopupQuestionModal />);
    await waitFor(() => expect(calls.length).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("Non è stato possibile recuperare le domande")).toBeNull();
    unmount();

    mockFetch(() => ({ status: 500, body: { message: "Errore" } }));
    renderInShell(<PopupQuestionModal />);
    expect(await screen.findByText("Non è stato possibile recuperare le domande")).toBeTruthy();
  });
});
