import type { TSurveyAnswer, TSurveyTemplate } from "@cura/domain";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18nReady } from "../../../lib/i18n.ts";
import { SurveyPlayer } from "./SurveyPlayer.tsx";

beforeAll(async () => {
  await i18nReady;
});

const TWELVE = Array.from({ length: 12 }, (_, i) => `Regione ${String.fromCharCode(65 + i)}`);

/** Q1 required (3 buttons); Q2 shown only when Q1 is "Sì"; Q3 optional text; Q4 a 12-option select. */
const template: TSurveyTemplate = {
  nome: "Screening cardiovascolare",
  info: "I dati sono trattati dall'azienda sanitaria.",
  domande: [
    { q: "Fumi?", o: ["Sì", "No", "Ho smesso"], cb: false, r: true },
    {
      q: "Quante sigarette al giorno?",
      o: ["Meno di 10", "10 o più"],
      cb: false,
      r: true,
      si: { index: 0, response: "Sì" },
    },
    { q: "Note per il medico", o: [], cb: false, r: false },
    { q: "Regione di residenza", o: TWELVE, cb: false, r: true },
  ],
};

const heading = () => screen.getByTestId("survey-question");
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

function start(props: Partial<Parameters<typeof SurveyPlayer>[0]> = {}) {
  const onSubmit = vi.fn();
  const onSaveDraft = vi.fn();
  render(<SurveyPlayer template={template} onSubmit={onSubmit} onSaveDraft={onSaveDraft} {...props} />);
  return { onSubmit, onSaveDraft };
}

function consent() {
  fireEvent.click(screen.getByLabelText(/Ho letto l'informativa/));
  fireEvent.click(button("Inizia il questionario"));
}

describe("survey player", () => {
  it("asks for the consent first when the survey has an information notice", () => {
    start();
    expect(screen.getByTestId("survey-info").textContent).toContain("azienda sanitaria");
    expect(screen.queryByTestId("survey-question")).toBeNull();
    expect(button("Inizia il questionario").disabled).toBe(true);
    consent();
    expect(heading().textContent).toContain("Fumi?");
    expect(document.activeElement).toBe(heading());
  });

  it("disables Next while a required answer is empty, and offers no Skip there", () => {
    start({ template: { ...template, info: null } });
    expect(screen.getByText("Domanda 1 di 3")).toBeTruthy();
    expect(button("Avanti").disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Salta" })).toBeNull();
    fireEvent.click(screen.getByLabelText("No"));
    expect(button("Avanti").disabled).toBe(false);
  });

  it("shows up to 9 options as buttons and more as a select", () => {
    start({ template: { ...template, info: null }, initialAnswers: ["No", null, "nota", null] });
    expect(heading().textContent).toContain("Regione di residenza");
    const select = screen.getByLabelText("Scegli una risposta") as HTMLSelectElement;
    expect(select.tagName).toBe("SELECT");
    expect(within(select).getAllByRole("option")).toHaveLength(13); // the placeholder and 12
    fireEvent.click(button("Indietro"));
    fireEvent.click(button("Indietro"));
    const group = screen.getByTestId("survey-option-buttons");
    expect(within(group).getAllByRole("radio")).toHaveLength(3);
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("shows a show-if question only after the matching answer, and skips an optional one", () => {
    const { onSaveDraft } = start({ template: { ...template, info: null } });
    fireEvent.click(screen.getByLabelText("No"));
    fireEvent.click(button("Avanti"));
    expect(heading().textContent).toContain("Note per il medico");
    expect(onSaveDraft).toHaveBeenLastCalledWith(["No", null, null, null], 2);
    fireEvent.click(button("Indietro"));
    fireEvent.click(screen.getByLabelText("Sì"));
    expect(screen.getByText("Domanda 1 di 4")).toBeTruthy();
    fireEvent.click(button("Avanti"));
    expect(heading().textContent).toContain("Quante sigarette");
    expect(document.activeElement).toBe(heading());
    fireEvent.click(screen.getByLabelText("10 o più"));
    fireEvent.click(button("Avanti"));
    // An optional question: Skip clears it and goes on.
    fireEvent.change(screen.getByLabelText("La tua risposta"), { target: { value: "ciao" } });
    fireEvent.click(button("Salta"));
    expect(heading().textContent).toContain("Regione di residenza");
    expect(onSaveDraft).toHaveBeenLastCalledWith(["Sì", "10 o più", null, null], 3);
  });

  it("sends the answers on the last question with the hidden ones dropped", () => {
    const { onSubmit } = start({ template: { ...template, info: null } });
    fireEvent.click(screen.getByLabelText("Sì"));
    fireEvent.click(button("Avanti"));
    fireEvent.click(screen.getByLabelText("Meno di 10"));
    fireEvent.click(button("Indietro"));
    // Changing Q1 hides Q2: its answer must not be sent.
    fireEvent.click(screen.getByLabelText("Ho smesso"));
    fireEvent.click(button("Avanti"));
    fireEvent.click(button("Avanti"));
    expect(button("Invia il questionario").disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Scegli una risposta"), { target: { value: "Regione C" } });
    fireEvent.click(button("Invia il questionario"));
    expect(onSubmit).toHaveBeenCalledWith(["Ho smesso", null, null, "Regione C"] satisfies TSurveyAnswer[]);
  });

  it("resumes a draft at the first unanswered shown question, without asking the consent again", () => {
    start({ initialAnswers: ["Sì", "10 o più", null, null] });
    expect(heading().textContent).toContain("Note per il medico");
    expect(screen.getByText("Domanda 3 di 4")).toBeTruthy();
  });

  it("takes several answers of a multiple-choice question as checkbox buttons", () => {
    const onSubmit = vi.fn();
    render(
      <SurveyPlayer
        template={{ info: null, domande: [{ q: "Sintomi", o: ["Tosse", "Febbre", "Nausea"], cb: true, r: true }] }}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByLabelText("Nausea"));
    fireEvent.click(screen.getByLabelText("Tosse"));
    fireEvent.click(button("Invia il questionario"));
    expect(onSubmit).toHaveBeenCalledWith([["Tosse", "Nausea"]]);
  });

  it("uploads the files of a file question through the caller and answers with their hashids", async () => {
    const onSubmit = vi.fn();
    const uploadFile = vi.fn(async (file: File) => ({ hashid: `h-${file.name}`, name: file.name }));
    render(
      <SurveyPlayer
        template={{
          info: null,
          domande: [{ q: "Referto", o: "file", cb: false, r: true, fa: ["application/pdf"], fm: true }],
        }}
        onSubmit={onSubmit}
        uploadFile={uploadFile}
      />,
    );
    const input = screen.getByLabelText("Allega uno o più file") as HTMLInputElement;
    expect(input.accept).toBe("application/pdf");
    expect(input.multiple).toBe(true);
    const file = new File(["%PDF"], "esame.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText("esame.pdf")).toBeTruthy();
    fireEvent.click(button("Invia il questionario"));
    expect(onSubmit).toHaveBeenCalledWith([["h-esame.pdf"]]);
  });
});
