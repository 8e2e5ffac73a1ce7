import type { TSuspendedSurvey, TTeleconsultPending } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const suspended: TSuspendedSurvey = {
  hashid: "sp1",
  reservation: { hashid: "r1" },
  created_at: "2026-02-01T10:00:00.000Z",
  survey: {
    hashid: "s1",
    name: "Triage",
    description: null,
    activity: { hashid: "a1", name: "Triage" },
    active: true,
    status: "attivo",
    version: 1,
    questions_count: 2,
    updated_at: "2026-01-02T09:00:00.000Z",
    informativa: null,
    info: "I dati servono al triage.",
    template: {
      nome: "Triage",
      info: "I dati servono al triage.",
      domande: [
        { q: "Hai febbre?", o: ["Sì", "No"], cb: false, r: true },
        { q: "Altri sintomi?", o: [], cb: false, r: false },
      ],
    },
  },
};

const pendingWith = (survey: string | null, service = "Teleconsulto rapido"): TTeleconsultPending => ({
  has_pending: true,
  reservation: {
    hashid: "r1",
    status: "ricevuto",
    deadline: null,
    start: null,
    service: { name: service },
    suspended_survey: survey === null ? null : { hashid: survey },
  },
});

afterEach(() => vi.unstubAllGlobals());

describe("the mandatory survey of a quick teleconsult (spec 001 §4)", () => {
  it("opens by itself, asks the consent, fills, saves, closes; reopened it says it is already filled", async () => {
    signInAs(makeUser());
    let filled = false;
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/reservations/emergenza/pending")
        return { status: 200, body: { data: pendingWith(filled ? null : "sp1") } };
      if (call.url === "/api/v1/activities/surveys/suspended/get/sp1")
        return filled
          ? { status: 404, body: { message: "Risorsa non trovata" } }
          : { status: 200, body: { data: suspended } };
      if (call.url === "/api/v1/activities/surveys/draft/s1" && call.method === "GET")
        return { status: 200, body: { data: null } };
      if (call.url === "/api/v1/activities/surveys/draft/s1" && call.method === "PUT")
        return { status: 200, body: { data: null } };
      if (call.url === "/api/v1/activities/survey/suspended/filled") {
        filled = true;
        return { status: 201, body: { data: {} } };
      }
      return undefined;
    });
    renderApp("/cittadino/teleconsulti/nuovo/tcemergenza");
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("heading", { name: "Triage" })).toBeTruthy();
    // Consent first: the info text, and nothing starts until it is ticked.
    expect((await within(dialog).findByTestId("survey-info")).textContent).toContain("I dati servono al triage.");
    fireEvent.click(within(dialog).getByLabelText(/Ho letto l'informativa/));
    fireEvent.click(within(dialog).getByRole("button", { name: "Inizia il questionario" }));
    fireEvent.click(within(dialog).getByLabelText("Sì"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Avanti" }));
    // Each Next saves a draft.
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT" && c.url === "/api/v1/activities/surveys/draft/s1")?.body).toEqual({
        answers: ["Sì", null],
        next_index: 1,
      }),
    );
    fireEvent.change(within(dialog).getByLabelText("La tua risposta"), { target: { value: "Tosse" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia il questionario" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/activities/survey/suspended/filled")?.body).toEqual({
        suspended: "sp1",
        response: ["Sì", "Tosse"],
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("Questionario salvato: la richiesta prosegue.")).toBeTruthy();

    // The flag is cleared: no more warning; reopening says it is filled and links the agenda.
    fireEvent.click(await screen.findByRole("button", { name: "Apri il questionario" }));
    const again = await screen.findByRole("dialog");
    expect(await within(again).findByText(/Hai già compilato questo questionario/)).toBeTruthy();
    expect(within(again).getByRole("link", { name: "Vai all'agenda" }).getAttribute("href")).toBe("/cittadino/agenda");
  });

  it("resumes from the draft saved on another device, past the consent", async () => {
    signInAs(makeUser());
    mockFetch((call) => {
      if (call.url === "/api/v1/reservations/emergenza/pending")
        return { status: 200, body: { data: pendingWith("sp1") } };
      if (call.url === "/api/v1/activities/surveys/suspended/get/sp1")
        return { status: 200, body: { data: suspended } };
      if (call.url === "/api/v1/activities/surveys/draft/s1")
        return {
          status: 200,
          body: {
            data: {
              survey: { hashid: "s1" },
              answers: ["No", null],
              next_index: 1,
              updated_at: "2026-02-01T10:00:00.000Z",
              expires_at: "2026-03-03T10:00:00.000Z",
            },
          },
        };
      return undefined;
    });
    renderApp("/cittadino/teleconsulti/nuovo/tcemergenza");
    const dialog = await screen.findByRole("dialog");
    expect((await within(dialog).findByTestId("survey-question")).textContent).toContain("Altri sintomi?");
    expect(within(dialog).getByTestId("survey-resumed")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Indietro" }));
    expect((within(dialog).getByLabelText("No") as HTMLInputElement).checked).toBe(true);
  });

  it("does not open for a service that is neither rapido nor pediatrico", async () => {
    signInAs(makeUser());
    mockFetch((call) => {
      if (call.url === "/api/v1/reservations/emergenza/pending")
        return { status: 200, body: { data: pendingWith("sp1", "Teleconsulto specialistico") } };
      return undefined;
    });
    renderApp("/cittadino/teleconsulti/nuovo/tcemergenza");
    expect(await screen.findByTestId("teleconsult-pending")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByTestId("mandatory-survey")).toBeNull();
  });
});
