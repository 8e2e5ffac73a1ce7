import type { TSurveyTemplate } from "@cura/domain";
import { fireEvent, render, screen } from "@testing-library/react";
import axe from "axe-core";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nReady } from "../../../lib/i18n.ts";
import { SurveyBuilder } from "./SurveyBuilder.tsx";
import { SurveyPlayer } from "./SurveyPlayer.tsx";

beforeAll(async () => {
  await i18nReady;
});

const template: TSurveyTemplate = {
  nome: "Screening",
  info: "Informativa sul trattamento dei dati.",
  domande: [
    { q: "Fumi?", o: ["Sì", "No"], cb: false, r: true },
    { q: "Sintomi", o: ["Tosse", "Febbre"], cb: true, r: false, si: { index: 0, response: "Sì" } },
    { q: "Regione", o: Array.from({ length: 12 }, (_, i) => `R${i}`), cb: false, r: true },
    { q: "Referto", o: "file", cb: false, r: false, fm: true },
  ],
};

/** axe in jsdom: no layout, so no colour contrast (the browser journeys check that). */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(" | ")}`);
}

describe("survey components have no axe violation", () => {
  it("the player, at the consent and at each kind of question", async () => {
    const { container } = render(
      <main>
        <SurveyPlayer
          template={template}
          onSubmit={() => {}}
          uploadFile={async (f) => ({ hashid: "h", name: f.name })}
        />
      </main>,
    );
    expect(await violations(container)).toEqual([]);
    fireEvent.click(screen.getByLabelText(/Ho letto/));
    fireEvent.click(screen.getByRole("button", { name: "Inizia il questionario" }));
    expect(await violations(container)).toEqual([]);
    fireEvent.click(screen.getByLabelText("Sì"));
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    expect(await violations(container)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Salta" }));
    expect(await violations(container)).toEqual([]);
    fireEvent.change(screen.getByLabelText("Scegli una risposta"), { target: { value: "R1" } });
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    expect(await violations(container)).toEqual([]);
  });

  it("the builder with its preview", async () => {
    const { container } = render(
      <main>
        <h1>Questionario</h1>
        <SurveyBuilder initial={template} onSave={() => {}} />
      </main>,
    );
    expect(await violations(container)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Salva il questionario" }));
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi una domanda" }));
    fireEvent.click(screen.getByRole("button", { name: "Salva il questionario" }));
    expect(await violations(container)).toEqual([]);
  });
});
