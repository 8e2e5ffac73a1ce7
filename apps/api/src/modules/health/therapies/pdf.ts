import { INTAKE_MOMENTS, type TIntakeMoment, type TTherapy } from "@cura/domain";
import { loadPdfmake, PDF_FONT } from "../../../platform/pdf.ts";
import { addDays, zonedTime } from "../../../platform/zoned-time.ts";
import type { ScheduledIntake } from "./schedule.ts";
import { TIME_ZONE } from "./schedule.ts";

/**
 * The therapy PDFs (issue 11 "PDFs"), made with pdfmake on the server only: the therapy sheet and
 * the weekly recap (Monday to Sunday, by intake moment). pdfmake comes configured from
 * platform/pdf.ts, the one configuration every PDF of the server shares.
 */

const MOMENT_LABELS: Record<TIntakeMoment, string> = {
  mattina: "Mattina",
  meta_mattina: "Metà mattina",
  pranzo: "Pranzo",
  pomeriggio: "Pomeriggio",
  sera: "Sera",
  notte: "Notte",
};
const STATE_LABELS = { attiva: "Attiva", sospesa: "Sospesa", terminata: "Terminata" } as const;
const ADHERENCE_LABELS = {
  non_determinabile: "Non determinabile",
  scarsa: "Scarsa",
  media: "Media",
  ottimale: "Ottimale",
} as const;
const WEEKDAYS = ["Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato", "Domenica"];

const italianDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const text = (value: string | null | undefined) => value ?? "—";

async function render(title: string, content: unknown[]): Promise<Buffer> {
  const pdfmake = await loadPdfmake();
  return pdfmake
    .createPdf({
      info: { title, creator: "Cura" },
      pageSize: "A4",
      pageMargins: [40, 48, 40, 48],
      defaultStyle: { font: PDF_FONT, fontSize: 10 },
      styles: { title: { fontSize: 16, bold: true, margin: [0, 0, 0, 12] }, label: { bold: true } },
      content: [{ text: title, style: "title" }, ...content],
    })
    .getBuffer();
}

/** The therapy sheet: every field of the therapy (spec 001 §3). */
export function therapySheet(therapy: TTherapy): Promise<Buffer> {
  const rows: Array<[string, string]> = [
    ["Farmaco", `${therapy.drug.name}${therapy.drug.not_listed ? " (non in elenco)" : ""}`],
    ["Patologia", text(therapy.pathology?.name)],
    ["Dosaggio", `${therapy.dosage} ${therapy.dosage_unit}`],
    ["Via di somministrazione", therapy.route],
    [
      "Frequenza",
      `${therapy.frequency.replaceAll("_", " ")}${therapy.frequency_every ? ` (N = ${therapy.frequency_every})` : ""}`,
    ],
    ["Momenti di assunzione", therapy.intake_moments.map((m) => MOMENT_LABELS[m]).join(", ") || "—"],
    ["Durata", therapy.duration],
    ["Inizio", italianDate(therapy.start_date)],
    ["Fine", therapy.end_date ? italianDate(therapy.end_date) : "Indeterminata"],
    ["Prescrittore", therapy.prescriber],
    ["Fonte dell'informazione", therapy.source.replaceAll("_", " ")],
    ["Stato", STATE_LABELS[therapy.state]],
    ["Aderenza", ADHERENCE_LABELS[therapy.adherence]],
    ["Effetti collaterali", text(therapy.side_effects)],
    ["Reazioni allergiche", text(therapy.allergic_reactions)],
    ["Interazioni", text(therapy.interactions)],
    ["Note", text(therapy.notes)],
  ];
  return render("Scheda terapia", [
    {
      table: {
        widths: [150, "*"],
        body: rows.map(([label, value]) => [{ text: label, style: "label" }, value]),
      },
      layout: "lightHorizontalLines",
    },
  ]);
}

export interface RecapTherapy {
  name: string;
  dosage: string;
  intakes: ScheduledIntake[];
}

/** The weekly recap: one table per intake moment, a column per day from Monday to Sunday. */
export function weeklyRecap(monday: string, therapies: RecapTherapy[]): Promise<Buffer> {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const header = [
    { text: "Farmaco", style: "label" },
    ...days.map((d, i) => ({ text: `${WEEKDAYS[i]}\n${d.slice(8, 10)}/${d.slice(5, 7)}`, style: "label" })),
  ];
  const sections: unknown[] = [
    {
      text: `Settimana dal ${italianDate(days[0] as string)} al ${italianDate(days[6] as string)}`,
      margin: [0, 0, 0, 8],
    },
  ];
  for (const moment of INTAKE_MOMENTS) {
    const lines = therapies
      .map((t) => ({ t, at: t.intakes.filter((i) => i.moment === moment) }))
      .filter(({ at }) => at.length > 0);
    if (lines.length === 0) continue;
    sections.push({ text: MOMENT_LABELS[moment], bold: true, fontSize: 12, margin: [0, 10, 0, 4] });
    sections.push({
      table: {
        headerRows: 1,
        widths: ["*", ...days.map(() => 52)],
        body: [
          header,
          ...lines.map(({ t, at }) => [
            `${t.name}\n${t.dosage}`,
            ...days.map((d) =>
              at
                .filter((i) => i.day === d)
                .map((i) => zonedTime(i.at, TIME_ZONE))
                .join("\n"),
            ),
          ]),
        ],
      },
      layout: "lightHorizontalLines",
    });
  }
  if (sections.length === 1) sections.push({ text: "Nessuna assunzione prevista in questa settimana." });
  return render("Riepilogo settimanale delle terapie", sections);
}
