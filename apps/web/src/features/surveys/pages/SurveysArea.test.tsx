import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TActivity, type TSurveySummary, type TUser } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};

const activity: TActivity = {
  hashid: "a1",
  name: "Screening cardiovascolare",
  description: null,
  start_date: "2026-01-01",
  end_date: null,
  status: "attiva",
  company: { hashid: "c1", name: "Farmacia Centrale" },
  surveys_count: 1,
  created_at: "2026-01-01T09:00:00.000Z",
};

const survey: TSurveySummary = {
  hashid: "s1",
  name: "Stili di vita",
  description: null,
  activity: { hashid: "a1", name: "Screening cardiovascolare" },
  active: true,
  status: "attivo",
  version: 1,
  questions_count: 2,
  updated_at: "2026-01-02T09:00:00.000Z",
};

const paged = <T,>(data: T[]) => ({ status: 200, body: { data, meta: { page: 1, per_page: 20, total: data.length } } });

afterEach(() => vi.unstubAllGlobals());

describe("operator screening (attivita)", () => {
  it("hides the Screening entry from an operator with neither survey permission", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [] }));
    mockFetch();
    renderApp("/operatore/home");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: "Screening" })).toBeNull();
  });

  it("lets an administering operator see the surveys and fill one, without managing them", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.administerSurveys] }));
    mockFetch((call) => (call.url.startsWith("/api/v1/activities/own/surveys") ? paged([survey]) : undefined));
    renderApp("/operatore/attivita/questionari");
    expect(await screen.findByRole("link", { name: "Screening" })).toBeTruthy();
    const table = await screen.findByTestId("surveys-table");
    expect(
      within(table).getByRole("link", { name: "Compila per un paziente: Stili di vita" }).getAttribute("href"),
    ).toBe("/operatore/attivita/questionari/compila/s1");
    expect(within(table).queryByRole("link", { name: "Modifica Stili di vita" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Nuovo questionario" })).toBeNull();
  });

  it("lets a manager switch a survey off and open its fills with PDF and XLS", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.manageActivities] }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/activities/own/surveys")) return paged([survey]);
      if (call.url === "/api/v1/activities/surveys/active/update/s1")
        return { status: 200, body: { data: { ...survey, active: false, informativa: null, template: {} } } };
      if (call.url.startsWith("/api/v1/activities/surveys/get/s1"))
        return { status: 200, body: { data: { ...survey, informativa: null, template: { nome: "x", domande: [] } } } };
      if (call.url.startsWith("/api/v1/activities/surveys/filled/all/s1"))
        return paged([
          {
            hashid: "f1",
            survey: { hashid: "s1", name: "Stili di vita" },
            user: { hashid: "u9", name: "Rossi Maria" },
            filled_by: null,
            company: null,
            score: null,
            score_band: null,
            created_at: "2026-02-01T10:00:00.000Z",
            updated_at: "2026-02-01T10:00:00.000Z",
          },
        ]);
      if (call.url.includes("/filled/pdf/") || call.url.includes("/filled/xls/")) return { status: 200, body: "bytes" };
      return undefined;
    });
    const objectUrl = vi.fn(() => "blob:x");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() }));
    const { router } = renderApp("/operatore/attivita/questionari");
    const table = await screen.findByTestId("surveys-table");
    fireEvent.click(within(table).getByRole("button", { name: "Disattiva Stili di vita" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/activities/surveys/active/update/s1")?.body).toEqual({
        active: false,
      }),
    );
    fireEvent.click(within(table).getByRole("link", { name: "Compilazioni di Stili di vita" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/operatore/attivita/questionari/compilazioni/s1"));
    const fills = await screen.findByTestId("fills-table");
    // The filler by name, not by a code.
    expect(within(fills).getByText("Rossi Maria")).toBeTruthy();
    fireEvent.click(within(fills).getByRole("button", { name: /Scarica PDF della compilazione/ }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/activities/surveys/filled/pdf/f1")).toBe(true));
    fireEvent.click(await screen.findByRole("button", { name: "Scarica tutte le compilazioni (XLS)" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/activities/surveys/filled/xls/s1")).toBe(true));
    await waitFor(() => expect(objectUrl).toHaveBeenCalledTimes(2));
  });

  it("lets a manager create an activity with its period and status", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.manageActivities] }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/activities?") && call.method === "GET") return paged([activity]);
      if (call.url === "/api/v1/activities" && call.method === "POST")
        return { status: 201, body: { data: { ...activity, hashid: "a2", ...(call.body as object) } } };
      if (call.url === "/api/v1/activities/status/update/a2")
        return { status: 200, body: { data: { ...activity, hashid: "a2", status: "sospesa" } } };
      return undefined;
    });
    const { router } = renderApp("/operatore/attivita");
    const table = await screen.findByTestId("activities-table");
    expect(within(table).getByText("Screening cardiovascolare")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Nuova raccolta" }));
    fireEvent.click(await screen.findByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Indica il nome")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nome"), { target: { value: "PHQ-9" } });
    fireEvent.change(screen.getByLabelText("Data di inizio"), { target: { value: "2026-03-10" } });
    fireEvent.change(screen.getByLabelText("Data di fine"), { target: { value: "2026-03-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("La data di fine non può precedere la data di inizio")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Data di fine"), { target: { value: "2026-06-30" } });
    fireEvent.change(screen.getByLabelText("Stato"), { target: { value: "sospesa" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        name: "PHQ-9",
        description: null,
        start_date: "2026-03-10",
        end_date: "2026-06-30",
      }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/activities/status/update/a2")?.body).toEqual({ status: "sospesa" }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/operatore/attivita/raccolte"));
  });
});
