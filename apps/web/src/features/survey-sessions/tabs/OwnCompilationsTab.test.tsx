import type { TCompilation } from "@cura/domain/sessions";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { tabsFor } from "../../health-file/tabs.ts";

/** The health file's "sessioni" section (issue 13): the citizen's own in-clear compilations. */
const compilation = (overrides: Partial<TCompilation>): TCompilation => ({
  hashid: "fc1",
  session: { hashid: "s1", name: "Screening cardiovascolare", type: "in_chiaro" },
  patient: { hashid: "u1", name: "Maria Rossi" },
  pseudonym: null,
  status: "completata",
  operator: { hashid: "o1" },
  started_at: "2026-11-20T09:00:00.000Z",
  completed_at: "2026-11-20T09:20:00.000Z",
  score: 7,
  signature_required: true,
  signed_at: null,
  sign_by: "2026-11-23T09:20:00.000Z",
  progress: { submitted: 2, total: 2, progress: 1, next_survey: null },
  fills: [],
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe("the citizen's survey sessions in the health file", () => {
  it("is the citizen's section only", () => {
    expect(tabsFor("cittadino").map((tab) => tab.section)).toContain("sessioni");
    expect(tabsFor("operatore").map((tab) => tab.section)).not.toContain("sessioni");
  });

  it("lists the own compilations with progress, score and signature", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/users/own/filled-survey-sessions")
        ? {
            status: 200,
            body: {
              data: [
                compilation({}),
                compilation({
                  hashid: "fc2",
                  session: { hashid: "s2", name: "PHQ-9 in farmacia", type: "in_chiaro" },
                  status: "in_corso",
                  score: null,
                  signature_required: false,
                  completed_at: null,
                  progress: { submitted: 1, total: 3, progress: 1 / 3, next_survey: null },
                }),
              ],
              meta: { page: 1, per_page: 20, total: 2 },
            },
          }
        : undefined,
    );
    renderApp("/cittadino/profilosanitario/sessioni");
    const table = await screen.findByTestId("own-compilations", {}, { timeout: 40_000 });
    const rows = within(table).getAllByTestId("own-compilation");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText("Screening cardiovascolare")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("2 di 2")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("7")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("Non ancora firmata")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("In corso")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("1 di 3")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Non richiesta")).toBeTruthy();
    expect(calls.some((c) => c.url.includes("users/own/filled-survey-sessions?page=1"))).toBe(true);
  }, 60_000);

  it("downloads the PDF of each questionnaire of her compilation (her own fill's PDF)", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/own/filled-survey-sessions"))
        return {
          status: 200,
          body: {
            data: [
              compilation({
                fills: [
                  {
                    survey: { hashid: "q1", name: "Fumo" },
                    filled_survey: { hashid: "f1" },
                    score: null,
                    score_band: null,
                  },
                  {
                    survey: { hashid: "q2", name: "PHQ-9" },
                    filled_survey: { hashid: "f2" },
                    score: 7,
                    score_band: "Lieve",
                  },
                ],
              }),
            ],
            meta: { page: 1, per_page: 20, total: 1 },
          },
        };
      if (call.url === "/api/v1/activities/survey/filled/pdf/f2") return { status: 200, body: "%PDF-1.4" };
      return undefined;
    });
    const objectUrl = vi.fn(() => "blob:x");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: objectUrl, revokeObjectURL: vi.fn() }));
    renderApp("/cittadino/profilosanitario/sessioni");
    const row = (await screen.findAllByTestId("own-compilation", {}, { timeout: 40_000 }))[0] as HTMLElement;
    expect(within(row).getByText("Fumo")).toBeTruthy();
    expect(
      within(row).getByRole("button", { name: "PDF del questionario Fumo della sessione Screening cardiovascolare" }),
    ).toBeTruthy();
    fireEvent.click(
      within(row).getByRole("button", { name: "PDF del questionario PHQ-9 della sessione Screening cardiovascolare" }),
    );
    await waitFor(() => expect(objectUrl).toHaveBeenCalled());
    expect(calls.filter((c) => c.url.includes("/filled/pdf/")).map((c) => c.url)).toEqual([
      "/api/v1/activities/survey/filled/pdf/f2",
    ]);
  }, 60_000);

  it("says when there is none", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch((call) =>
      call.url.startsWith("/api/v1/users/own/filled-survey-sessions")
        ? { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } }
        : undefined,
    );
    renderApp("/cittadino/profilosanitario/sessioni");
    expect(await screen.findByText("Nessuna sessione di questionari.", {}, { timeout: 40_000 })).toBeTruthy();
  }, 60_000);
});
