import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TUser } from "@cura/domain";
import type { TSurveySession } from "@cura/domain/sessions";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

/**
 * Spec 002 §2 `attivita/{section}`: the Screening area's third section, sessioni, lists the company's
 * survey sessions (the sessions area's own list); the fills' list names a session's fill about no one.
 */
const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};

const session: TSurveySession = {
  hashid: "ss1",
  name: "Valutazione cardiovascolare",
  description: null,
  type: "in_chiaro",
  status: "in_attesa",
  allowed_roles: ["farmacista"],
  signature_required: true,
  days_to_sign: 3,
  surveys: [{ hashid: "s1", name: "Fumo" }],
  company: { hashid: "c1", name: "Farmacia Centrale" },
  creator: null,
  compilations_count: 0,
  created_at: "2026-01-01T09:00:00.000Z",
  updated_at: "2026-01-01T09:00:00.000Z",
};

const paged = <T,>(data: T[]) => ({ status: 200, body: { data, meta: { page: 1, per_page: 20, total: data.length } } });

describe("Screening: the sessions section", () => {
  it("has a Sessioni tab listing the company's sessions, each leading to its page", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.manageActivities] }));
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/own/survey-sessions")) return paged([session]);
      if (call.url.startsWith("/api/v1/activities?")) return paged([]);
      return undefined;
    });
    const { router } = renderApp("/operatore/attivita/raccolte");
    const tabs = await screen.findByRole("navigation", { name: "Sezioni dello screening" });
    fireEvent.click(within(tabs).getByRole("link", { name: "Sessioni" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/operatore/attivita/sessioni"));
    expect(within(tabs).getByRole("link", { name: "Sessioni" }).getAttribute("aria-current")).toBe("page");
    const link = await screen.findByRole("link", { name: "Valutazione cardiovascolare" });
    expect(link.getAttribute("href")).toBe("/operatore/sessioni/dettaglio/ss1");
    // A manager creates sessions from here too.
    expect(screen.getByRole("link", { name: "Nuova sessione" }).getAttribute("href")).toBe("/operatore/sessioni/nuova");
  });

  it("names an anonymous fill and a pseudonymous one by what the session keeps", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.manageActivities] }));
    const fill = (hashid: string, pseudonym: string | null) => ({
      hashid,
      survey: { hashid: "s1", name: "Fumo" },
      user: null,
      filled_by: { hashid: "o1", name: "Bianchi Anna" },
      company: { hashid: "c1", name: "Farmacia Centrale" },
      reservation: null,
      session: { hashid: `fc-${hashid}`, pseudonym },
      score: null,
      score_band: null,
      created_at: "2026-02-01T10:00:00.000Z",
      updated_at: "2026-02-01T10:00:00.000Z",
    });
    mockFetch((call) => {
      if (call.url.startsWith("/api/v1/activities/surveys/get/s1"))
        return {
          status: 200,
          body: {
            data: {
              hashid: "s1",
              name: "Fumo",
              description: null,
              activity: { hashid: "a1", name: "Raccolta" },
              active: true,
              status: "attivo",
              version: 1,
              questions_count: 1,
              updated_at: "2026-01-01T09:00:00.000Z",
              informativa: null,
              template: { nome: "Fumo", domande: [{ q: "Fumi?", o: ["Sì", "No"], cb: false, r: true }] },
            },
          },
        };
      if (call.url.startsWith("/api/v1/activities/surveys/filled/all/s1"))
        return paged([fill("f1", null), fill("f2", "Paziente-07")]);
      return undefined;
    });
    renderApp("/operatore/attivita/questionari/compilazioni/s1");
    const table = await screen.findByTestId("fills-table");
    expect(within(table).getByText("Anonimo")).toBeTruthy();
    expect(within(table).getByText("Pseudonimo: Paziente-07")).toBeTruthy();
  });
});
