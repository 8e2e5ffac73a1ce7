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
      if (call.url === "/api/v1/resources/public")
        return { status: 201, body: { data: { hashid: "r1", full_path: "x", name: "referto.pdf" } } };
      if (call.url === "/api/v1/activities/surveys/filled/new")
        return {
          status: 201,
          body: {
            data: {
              hashid: "f1",
              survey: { hashid: "s1", name: "Stili di vita" },
              user: { hashid: "u1" },
              filled_by: { hashid: "u1" },
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
    const start = screen.getByRole("button", { name: "Inizia il questionario" }) as HTMLButtonElement;
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
    const done = await screen.findByTestId("survey-done");
    expect(within(done).getByRole("heading", { name: "Questionario inviato" })).toBeTruthy();
    fireEvent.click(within(done).getByRole("button", { name: "Scarica le tue risposte (PDF)" }));
    await waitFor(() => expect(objectUrl).toHaveBeenCalled());
  });

  it("says when the survey is not open", async () => {
    signInAs(makeUser());
    mockFetch();
    renderApp("/cittadino/questionario/compila/nope");
    expect(await screen.findByText(/Il questionario non è disponibile/)).toBeTruthy();
  });
});
