import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TUser } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};
const activity = (hashid: string, name: string, owner: string | null) => ({
  hashid,
  name,
  description: null,
  start_date: null,
  end_date: null,
  status: "attiva",
  company: owner ? { hashid: owner, name: "x" } : null,
  surveys_count: 0,
  created_at: "2026-01-01T09:00:00.000Z",
});

describe("survey editor (attivita/questionari/nuovo)", () => {
  it("asks for one of the company's own activities, then sends the builder's template with the survey's fields", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.manageActivities] }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/activities?"))
        return {
          status: 200,
          body: {
            data: [activity("a1", "Screening cardiovascolare", "c1"), activity("a9", "Della piattaforma", null)],
            meta: { page: 1, per_page: 100, total: 2 },
          },
        };
      if (call.url === "/api/v1/activities/surveys/new") return { status: 201, body: { data: { hashid: "s2" } } };
      if (call.url.startsWith("/api/v1/activities/own/surveys"))
        return { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } };
      return undefined;
    });
    const { router } = renderApp("/operatore/attivita/questionari/nuovo");
    const select = (await screen.findByLabelText("Raccolta")) as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Scegli la raccolta…", "Screening cardiovascolare"]),
    );
    fireEvent.change(screen.getByLabelText("Nome del questionario"), { target: { value: "Triage" } });
    const editor = screen.getAllByTestId("survey-question-editor")[0] as HTMLElement;
    fireEvent.change(within(editor).getByLabelText("Testo della domanda"), { target: { value: "Hai febbre?" } });
    fireEvent.change(within(editor).getByLabelText("Opzione 1"), { target: { value: "Sì" } });
    fireEvent.change(within(editor).getByLabelText("Opzione 2"), { target: { value: "No" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il questionario" }));
    expect(await screen.findByText("Scegli la raccolta del questionario")).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/v1/activities/surveys/new")).toBe(false);
    fireEvent.change(select, { target: { value: "a1" } });
    fireEvent.change(screen.getByLabelText("Informativa sulla privacy (facoltativa)"), {
      target: { value: "Titolare: Farmacia Centrale." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Salva il questionario" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/activities/surveys/new")).toBe(true));
    const body = calls.find((c) => c.url === "/api/v1/activities/surveys/new")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      activity: "a1",
      name: "Triage",
      description: null,
      informativa: "Titolare: Farmacia Centrale.",
      active: true,
      template: { nome: "Triage", domande: [{ q: "Hai febbre?", o: ["Sì", "No"] }] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/operatore/attivita/questionari"));
  });
});
