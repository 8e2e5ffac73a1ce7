import { type TSurveyTemplate, ZSurveyTemplate } from "@cura/domain";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18nReady } from "../../../lib/i18n.ts";
import { SurveyBuilder } from "./SurveyBuilder.tsx";

beforeAll(async () => {
  await i18nReady;
});

const initial: TSurveyTemplate = {
  nome: "Stili di vita",
  info: null,
  domande: [
    { q: "Fumi?", o: ["Sì", "No"], cb: false, r: true },
    { q: "Note", o: [], cb: false, r: false },
    { q: "Quante sigarette?", o: ["Poche", "Molte"], cb: false, r: true, si: { index: 0, response: "Sì" } },
  ],
};

const editors = () => screen.getAllByTestId("survey-question-editor");
const editor = (n: number) => editors()[n - 1] as HTMLElement;
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((o) => o.textContent);
const preview = () => screen.getByTestId("survey-preview");

function renderBuilder(template: TSurveyTemplate | null = initial) {
  const onSave = vi.fn();
  render(<SurveyBuilder initial={template} onSave={onSave} />);
  return onSave;
}

describe("survey builder", () => {
  it("lets a condition name only earlier questions with options, then one of their options", () => {
    renderBuilder();
    // The first question has no conditions; the second has no earlier question with options but the first.
    expect(within(editor(1)).queryByLabelText("Mostra solo se: domanda")).toBeNull();
    const second = within(editor(2)).getByLabelText("Mostra solo se: domanda");
    expect(optionTexts(second)).toEqual(["Nessuna condizione", "Domanda 1: Fumi?"]);
    // The third: the first (options) but not the second (free text), nor anything after it.
    const third = within(editor(3)).getByLabelText("Mostra solo se: domanda") as HTMLSelectElement;
    expect(optionTexts(third)).toEqual(["Nessuna condizione", "Domanda 1: Fumi?"]);
    expect(third.value).toBe("0");
    const response = within(editor(3)).getByLabelText("Mostra solo se: risposta") as HTMLSelectElement;
    expect(optionTexts(response)).toEqual(["Sì", "No"]);
    expect(response.value).toBe("Sì");
    fireEvent.change(within(editor(2)).getByLabelText("Nascondi se: domanda"), { target: { value: "0" } });
    expect((within(editor(2)).getByLabelText("Nascondi se: risposta") as HTMLSelectElement).value).toBe("Sì");
  });

  it("keeps a condition on its question when questions move, and removes it with a notice when it cannot", () => {
    renderBuilder();
    // Moving the free-text question down: the conditional one is now second, still on question 1.
    fireEvent.click(within(editor(2)).getByRole("button", { name: "Sposta giù la domanda 2" }));
    expect(within(editor(2)).getByLabelText("Testo della domanda")).toHaveProperty("value", "Quante sigarette?");
    expect(within(editor(2)).getByLabelText("Mostra solo se: domanda")).toHaveProperty("value", "0");
    // Focus follows the moved question.
    expect(document.activeElement).toBe(within(editor(3)).getByRole("button", { name: "Sposta su la domanda 3" }));
    // Moving it above the question it depends on: the condition goes, and the builder says why.
    fireEvent.click(within(editor(2)).getByRole("button", { name: "Sposta su la domanda 2" }));
    expect(within(editor(1)).getByLabelText("Testo della domanda")).toHaveProperty("value", "Quante sigarette?");
    fireEvent.click(within(editor(1)).getByRole("button", { name: "Sposta giù la domanda 1" }));
    expect(within(editor(2)).getByRole("alert").textContent).toContain("ora viene dopo questa");
    expect(within(editor(2)).getByLabelText("Mostra solo se: domanda")).toHaveProperty("value", "");
  });

  it("removes a condition on a deleted question and says so", () => {
    renderBuilder();
    fireEvent.click(within(editor(1)).getByRole("button", { name: "Elimina la domanda 1" }));
    expect(editors()).toHaveLength(2);
    expect(within(editor(2)).getByRole("alert").textContent).toContain("è stata eliminata");
  });

  it("shows the edits in the live preview", () => {
    renderBuilder();
    expect(within(preview()).getByTestId("survey-question").textContent).toContain("Fumi?");
    fireEvent.change(within(editor(1)).getByLabelText("Testo della domanda"), { target: { value: "Fumi sigarette?" } });
    expect(within(preview()).getByTestId("survey-question").textContent).toContain("Fumi sigarette?");
    fireEvent.click(within(editor(1)).getByRole("button", { name: "Aggiungi un'opzione" }));
    fireEvent.change(within(editor(1)).getByLabelText("Opzione 3"), { target: { value: "Ho smesso" } });
    expect(within(preview()).getAllByRole("radio")).toHaveLength(3);
    // A show-if in the preview behaves as in the player.
    fireEvent.click(within(preview()).getByLabelText("Sì"));
    fireEvent.click(within(preview()).getByRole("button", { name: "Avanti" }));
    fireEvent.click(within(preview()).getByRole("button", { name: "Salta" }));
    expect(within(preview()).getByTestId("survey-question").textContent).toContain("Quante sigarette?");
  });

  it("renames a condition's answer with the option it names", () => {
    renderBuilder();
    fireEvent.change(within(editor(1)).getByLabelText("Opzione 1"), { target: { value: "Sì, ogni giorno" } });
    expect(within(editor(3)).getByLabelText("Mostra solo se: risposta")).toHaveProperty("value", "Sì, ogni giorno");
  });

  it("saves a template the server's schema accepts", () => {
    const onSave = renderBuilder(null);
    fireEvent.change(screen.getByLabelText("Nome del questionario"), { target: { value: "Triage" } });
    fireEvent.change(within(editor(1)).getByLabelText("Testo della domanda"), { target: { value: "Hai febbre?" } });
    fireEvent.change(within(editor(1)).getByLabelText("Opzione 1"), { target: { value: "Sì" } });
    fireEvent.change(within(editor(1)).getByLabelText("Opzione 2"), { target: { value: "No" } });
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi una domanda" }));
    fireEvent.change(within(editor(2)).getByLabelText("Testo della domanda"), {
      target: { value: "Allega il referto" },
    });
    fireEvent.change(within(editor(2)).getByLabelText("Tipo di risposta"), { target: { value: "file" } });
    fireEvent.click(within(editor(2)).getByLabelText("GIF"));
    fireEvent.click(within(editor(2)).getByLabelText("Consenti più file"));
    fireEvent.change(within(editor(2)).getByLabelText("Mostra solo se: domanda"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il questionario" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const saved = onSave.mock.calls[0]?.[0] as TSurveyTemplate;
    expect(ZSurveyTemplate.safeParse(saved).success).toBe(true);
    expect(saved).toMatchObject({
      nome: "Triage",
      info: null,
      domande: [
        { q: "Hai febbre?", o: ["Sì", "No"], cb: false, r: false },
        {
          q: "Allega il referto",
          o: "file",
          fa: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
          fm: true,
          si: { index: 0, response: "Sì" },
        },
      ],
    });
  });

  it("shows the schema's messages at the question and does not save", () => {
    const onSave = renderBuilder(null);
    fireEvent.click(within(editor(1)).getByRole("button", { name: "Aggiungi un'opzione" }));
    fireEvent.change(within(editor(1)).getByLabelText("Opzione 1"), { target: { value: "Sì" } });
    fireEvent.change(within(editor(1)).getByLabelText("Opzione 2"), { target: { value: "sì" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il questionario" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText("Il questionario contiene errori: correggili prima di salvare.")).toBeTruthy();
    expect(within(editor(1)).getByText("Scrivi il testo della domanda")).toBeTruthy();
    expect(within(editor(1)).getByText("Due opzioni hanno lo stesso testo")).toBeTruthy();
    // The messages follow the edits once shown.
    fireEvent.change(within(editor(1)).getByLabelText("Testo della domanda"), { target: { value: "Hai febbre?" } });
    expect(within(editor(1)).queryByText("Scrivi il testo della domanda")).toBeNull();
  });
});
