import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TSurvey, type TUser } from "@cura/domain";
import type { TCompilation, TSurveySession } from "@cura/domain/sessions";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};

const session: TSurveySession = {
  hashid: "ss1",
  name: "Valutazione",
  description: null,
  type: "anonima",
  status: "in_corso",
  allowed_roles: ["farmacista"],
  signature_required: true,
  days_to_sign: 3,
  surveys: [
    { hashid: "s1", name: "Fumo" },
    { hashid: "s2", name: "Umore" },
  ],
  company: { hashid: "c1", name: "Farmacia Centrale" },
  creator: null,
  compilations_count: 1,
  created_at: "2026-01-01T09:00:00.000Z",
  updated_at: "2026-01-01T09:00:00.000Z",
};

const survey = (hashid: string, q: string): TSurvey => ({
  hashid,
  name: q,
  description: null,
  activity: { hashid: "a1", name: "Raccolta" },
  active: true,
  status: "attivo",
  version: 1,
  questions_count: 1,
  updated_at: "2026-01-01T09:00:00.000Z",
  informativa: null,
  template: { nome: q, domande: [{ q, o: ["Sì", "No"], cb: false, r: true }] },
});

const compilation = (submitted: number): TCompilation => ({
  hashid: "fc1",
  session: { hashid: "ss1", name: "Valutazione", type: "anonima" },
  patient: null,
  pseudonym: null,
  status: submitted === 0 ? "avviata" : submitted === 1 ? "in_corso" : "completata",
  operator: { hashid: "u1" },
  started_at: "2026-01-01T09:00:00.000Z",
  completed_at: submitted === 2 ? "2026-01-01T09:10:00.000Z" : null,
  score: null,
  signature_required: true,
  signed_at: null,
  sign_by: submitted === 2 ? "2026-01-04T09:10:00.000Z" : null,
  progress: {
    submitted,
    total: 2,
    progress: submitted / 2,
    next_survey:
      submitted === 0 ? { hashid: "s1", name: "Fumo" } : submitted === 1 ? { hashid: "s2", name: "Umore" } : null,
  },
  fills: [],
});

afterEach(() => vi.unstubAllGlobals());

describe("operator survey sessions (sessioni)", () => {
  it("shows the server's refusal when the operator's role may not administer the session", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.administerSurveys] }));
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/survey-sessions/ss1/filled-sessions"))
        return { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } };
      if (call.url.startsWith("/api/v1/survey-sessions/ss1")) return { status: 200, body: { data: session } };
      if (call.url.startsWith("/api/v1/companies/own/filled-survey-sessions/start"))
        return { status: 403, body: { message: "Permesso somministrazione mancante: farmacista" } };
      return undefined;
    });
    renderApp("/operatore/sessioni/dettaglio/ss1");
    fireEvent.click(await screen.findByRole("button", { name: "Avvia la compilazione" }));
    expect((await screen.findAllByText("Permesso somministrazione mancante: farmacista")).length).toBeGreaterThan(0);
    // An administering operator neither deletes nor closes the session.
    expect(screen.queryByRole("button", { name: "Elimina la sessione" })).toBeNull();
  });

  it("runs the surveys in order with the player, then offers the signature", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.administerSurveys] }));
    let submitted = 0;
    const bodies: unknown[] = [];
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/filled-survey-sessions/fc1/submit-survey")) {
        bodies.push(call.body);
        submitted += 1;
        return { status: 200, body: { data: compilation(submitted) } };
      }
      if (call.url.startsWith("/api/v1/filled-survey-sessions/fc1"))
        return { status: 200, body: { data: compilation(submitted) } };
      if (call.url.startsWith("/api/v1/activities/surveys/get/s1"))
        return { status: 200, body: { data: survey("s1", "Fumi?") } };
      if (call.url.startsWith("/api/v1/activities/surveys/get/s2"))
        return { status: 200, body: { data: survey("s2", "Dormi bene?") } };
      return undefined;
    });
    renderApp("/operatore/sessioni/compila/fc1");
    expect(await screen.findByText("Questionari inviati: 0 di 2")).toBeTruthy();
    await screen.findByText("Fumi?");
    fireEvent.click(screen.getByLabelText("Sì"));
    fireEvent.click(await screen.findByRole("button", { name: "Invia il questionario" }));
    await screen.findByText("Dormi bene?");
    fireEvent.click(screen.getByLabelText("No"));
    fireEvent.click(await screen.findByRole("button", { name: "Invia il questionario" }));
    expect(await screen.findByRole("button", { name: "Firma la compilazione" })).toBeTruthy();
    await waitFor(() =>
      expect(bodies).toEqual([
        { survey_id: "s1", answers: ["Sì"] },
        { survey_id: "s2", answers: ["No"] },
      ]),
    );
  });
});
