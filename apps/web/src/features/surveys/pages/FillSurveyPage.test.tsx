import type { TSurvey } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const survey: TSurvey = {
  hashid: "s1",
  name: "Stili di vita",
  description: "Poche domande sulle tue abitudini.",
  activity: { hashid: "a1", name: "Screening cardiovascolare" },
  active: true,
  status: "attivo",
  version: 1,
  questions_count: 3,
  updated_at: "2026-01-02T09:00:00.000Z",
  informativa: null,
  template: {
    nome: "Stili di vita",
    info: "I dati sono trattati per lo screening.",
    domande: [
      { q: "Fumi?", o: ["Sì", "No"], cb: false, r: true },
      { q: "Quante sigarette al giorno?", o: [], cb: false, r: false, si: { index: 0, response: "Sì" } },
      { q: "Allega un referto", o: "file", cb: false, r: false },
    ],
  },
};

afterEach(() => vi.unstubAllGlobals());

describe("citizen questionnaire (questionario/compila)", () => {
  it("asks the consent, fills, uploads a file, sends one answer per question and offers the PDF", async () => {
    signInAs(makeUser());
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/activities/surveys/get/s1") return { status: 200, body: { data: survey } };
      if (call.url === "/api/v1/activities/surveys/draft/s1") return { status: 200, body: { data: null } };
      if (call.url === "/api/v1/resources/public")
        return { status: 201, body: { data: { hashid: "r1", full_path: "x", name: "referto.pdf" } } };
      if (call.url === "/api/v1/activities/surveys/filled/new")
        return {
          status: 201,
          body: {
            data: {
              hashid: "f1",
              survey: { hashid: "s1", name: "Stili di vita" },
              user: { hashid: "u1", name: "Rossi Maria" },
              filled_by: { hashid: "u1", name: "Rossi Maria" },
              company: null,
              score: null,
              score_band: null,
              created_at: "2026-02-01T10:00:00.000Z",
              updated_at: "2026-02-01T10:00:00.000Z",
              template: survey.template,
            },
          },
        };
      if (call.url === "/api/v1/activities/survey/filled/pdf/f1") return { status: 200, body: "pdf" };
      return undefined;
    });
    const objectUrl = vi.fn(() => "blob:x");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() }));
    renderApp("/cittadino/questionario/compila/s1");
    expect(await screen.findByRole("heading", { level: 1, name: "Stili di vita" })).toBeTruthy();
    const start = (await screen.findByRole("button", { name: "Inizia il questionario" })) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa/));
    fireEvent.click(start);
    // Required: Next is disabled until answered; "No" hides the conditional question.
    expect((screen.getByRole("button", { name: "Avanti" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("No"));
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    expect(screen.getByTestId("survey-question").textContent).toContain("Allega un referto");
    const file = new File(["%PDF-1.4"], "referto.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByLabelText("Allega un file"), { target: { files: [file] } });
    expect(await screen.findByText("referto.pdf")).toBeTruthy();
    const upload = calls.find((c) => c.url === "/api/v1/resources/public");
    expect((upload?.body as FormData | undefined)?.get("destination")).toBe("questionari");
    fireEvent.click(screen.getByRole("button", { name: "Invia il questionario" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/activities/surveys/filled/new")?.body).toEqual({
        survey: "s1",
        answers: ["No", null, "r1"],
      }),
    );
    // The Next on the first question saved the draft (save and resume).
    expect(calls.find((c) => c.method === "PUT" && c.url === "/api/v1/activities/surveys/draft/s1")?.body).toEqual({
      answers: ["No", null, null],
      next_index: 2,
    });
    const done = await screen.findByTestId("survey-done");
    expect(within(done).getByRole("heading", { name: "Questionario inviato" })).toBeTruthy();
    fireEvent.click(within(done).getByRole("button", { name: "Scarica le tue risposte (PDF)" }));
    await waitFor(() => expect(objectUrl).toHaveBeenCalled());
  });

  it("resumes at the draft's question on any device, skipping the consent, and saves at each Next", async () => {
    signInAs(makeUser());
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/activities/surveys/get/s1") return { status: 200, body: { data: survey } };
      if (call.url === "/api/v1/activities/surveys/draft/s1" && call.method === "GET")
        return {
          status: 200,
          body: {
            data: {
              survey: { hashid: "s1" },
              answers: ["Sì", null, null],
              next_index: 1,
              updated_at: "2026-02-01T10:00:00.000Z",
              expires_at: "2026-03-03T10:00:00.000Z",
            },
          },
        };
      if (call.url === "/api/v1/activities/surveys/draft/s1") return { status: 200, body: { data: null } };
      return undefined;
    });
    renderApp("/cittadino/questionario/compila/s1");
    expect((await screen.findByTestId("survey-question")).textContent).toContain("Quante sigarette al giorno?");
    expect(screen.getByTestId("survey-resumed").textContent).toMatch(/Riprendi da dove eri rimasto/);
    expect(screen.queryByRole("button", { name: "Inizia il questionario" })).toBeNull();
    fireEvent.change(screen.getByLabelText("La tua risposta"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT" && c.url === "/api/v1/activities/surveys/draft/s1")?.body).toEqual({
        answers: ["Sì", "5", null],
        next_index: 2,
      }),
    );
    expect(screen.getByTestId("survey-question").textContent).toContain("Allega un referto");
  });

  it("shows the score questionnaire's score against the template's bands at the end", async () => {
    signInAs(makeUser());
    const scored: TSurvey = {
      ...survey,
      name: "PHQ-2",
      template: {
        nome: "PHQ-2",
        domande: [{ q: "Poco interesse o piacere nel fare le cose?", o: ["Mai", "Spesso"], cb: false, r: true }],
        scoring: {
          method: "sum",
          points: { "0": { Mai: 0, Spesso: 3 } },
          bands: [
            { min: 0, max: 2, label: "Minima" },
            { min: 3, max: 6, label: "Lieve" },
          ],
        },
      },
    };
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/activities/surveys/get/s1") return { status: 200, body: { data: scored } };
      if (call.url === "/api/v1/activities/surveys/draft/s1") return { status: 200, body: { data: null } };
      if (call.url === "/api/v1/activities/surveys/filled/new")
        return {
          status: 201,
          body: {
            data: {
              hashid: "f1",
              survey: { hashid: "s1", name: "PHQ-2" },
              user: { hashid: "u1", name: "Rossi Maria" },
              filled_by: { hashid: "u1", name: "Rossi Maria" },
              company: null,
              reservation: null,
              score: 3,
              score_band: "Lieve",
              created_at: "2026-02-01T10:00:00.000Z",
              updated_at: "2026-02-01T10:00:00.000Z",
              template: scored.template,
            },
          },
        };
      return undefined;
    });
    renderApp("/cittadino/questionario/score/compila/s1");
    expect(await screen.findByText(/Al termine vedrai il tuo punteggio/)).toBeTruthy();
    fireEvent.click(await screen.findByLabelText("Spesso"));
    fireEvent.click(screen.getByRole("button", { name: "Invia il questionario" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/activities/surveys/filled/new")?.body).toEqual({
        survey: "s1",
        answers: ["Spesso"],
      }),
    );
    const result = await screen.findByTestId("survey-score");
    expect(within(result).getByText(/Il tuo punteggio: 3/).textContent).toContain("Lieve");
    const table = within(result).getByRole("table", { name: "Fasce di punteggio" });
    const yours = within(table).getByText("La tua fascia").closest("tr");
    expect(yours?.textContent).toContain("da 3 a 6");
  });

  it("says when a survey opened as a score questionnaire has no score", async () => {
    signInAs(makeUser());
    mockFetch((call) =>
      call.url === "/api/v1/activities/surveys/get/s1" ? { status: 200, body: { data: survey } } : undefined,
    );
    renderApp("/cittadino/questionario/score/compila/s1");
    expect(await screen.findByText("Questo questionario non prevede un punteggio.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Compila il questionario" }).getAttribute("href")).toBe(
      "/cittadino/questionario/compila/s1",
    );
  });

  it("says when the survey is not open", async () => {
    signInAs(makeUser());
    mockFetch();
    renderApp("/cittadino/questionario/compila/nope");
    expect(await screen.findByText(/Il questionario non è disponibile/)).toBeTruthy();
  });
});
