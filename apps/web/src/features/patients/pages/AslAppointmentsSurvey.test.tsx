import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TSurvey, type TSurveySummary, type TUser } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeBooking } from "../../../test/bookings.ts";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

/** 'Compila questionario' on an ASL appointment (issue 13: `activities/surveys/filled/asl/new`). */
const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [{ hashid: "p5", name: "Agenda ASL", position_ref: 5 }],
  bancaDati: [],
};

const summary = (hashid: string, name: string, active = true): TSurveySummary => ({
  hashid,
  name,
  description: null,
  activity: { hashid: "a1", name: "Raccolta" },
  active,
  status: "attivo",
  version: 1,
  questions_count: 1,
  updated_at: "2026-01-01T09:00:00.000Z",
});
const survey: TSurvey = {
  ...summary("s1", "Anamnesi"),
  informativa: null,
  template: { nome: "Anamnesi", domande: [{ q: "Assumi anticoagulanti?", o: ["Sì", "No"], cb: false, r: true }] },
};

const appointments = [
  makeBooking({ hashid: "b1", status: "confermato", citizen: { hashid: "u9", name: "Maria", surname: "Rossi" } }),
  makeBooking({ hashid: "b2", status: "annullato", citizen: { hashid: "u8", name: "Luca", surname: "Verdi" } }),
];

function server(call: FetchCall) {
  if (call.url.startsWith("/api/v1/companies/own/appointments"))
    return { status: 200, body: { data: appointments, meta: { page: 1, per_page: 20, total: 2 } } };
  if (call.url.startsWith("/api/v1/activities/own/surveys"))
    return {
      status: 200,
      body: {
        data: [summary("s1", "Anamnesi"), summary("s2", "Spenta", false)],
        meta: { page: 1, per_page: 20, total: 2 },
      },
    };
  if (call.url === "/api/v1/activities/surveys/get/s1") return { status: 200, body: { data: survey } };
  if (call.url === "/api/v1/activities/surveys/filled/asl/new")
    return { status: 201, body: { data: { hashid: "f1" } } };
  return undefined;
}

describe("ASL appointments: a survey on an appointment", () => {
  it("fills one of the company's active surveys on the appointment, for its patient", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.administerSurveys] }));
    const { calls } = mockFetch(server);
    renderApp("/operatore/appuntamenti/lista");
    const rows = await screen.findAllByTestId("asl-appointment");
    // A cancelled appointment takes no survey.
    expect(within(rows[1] as HTMLElement).queryByRole("button", { name: /Compila questionario/ })).toBeNull();
    fireEvent.click(within(rows[0] as HTMLElement).getByRole("button", { name: /^Compila questionario: Rossi Maria/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByTestId("asl-survey-appointment").textContent).toContain("Rossi Maria");
    const select = await within(dialog).findByLabelText("Questionario");
    // Only active surveys are offered.
    expect(within(select).queryByRole("option", { name: "Spenta" })).toBeNull();
    fireEvent.change(select, { target: { value: "s1" } });
    fireEvent.click(await within(dialog).findByLabelText("No"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia il questionario" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/activities/surveys/filled/asl/new")?.body).toEqual({
        reservation: "b1",
        survey: "s1",
        answers: ["No"],
      }),
    );
    expect(await screen.findByText("Questionario salvato sull'appuntamento.")).toBeTruthy();
  });

  it("offers no survey action to an operator without a survey permission", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [] }));
    mockFetch(server);
    renderApp("/operatore/appuntamenti/lista");
    await screen.findAllByTestId("asl-appointment");
    expect(screen.queryByRole("button", { name: /Compila questionario/ })).toBeNull();
  });
});
