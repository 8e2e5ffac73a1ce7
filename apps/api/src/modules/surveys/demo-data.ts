import { checkFill, scoreFill, type TSurveyAnswer, type TSurveyTemplate } from "@cura/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, healthServices } from "../companies/tables.ts";
import { users } from "../identity/tables.ts";
import {
  filledSurveys,
  healthServiceSurveys,
  surveyActivities,
  surveyActivityCompanies,
  surveyCompanies,
  surveys,
} from "./tables.ts";

/** The cardiovascular screening: a show-if (cigarettes only for smokers), multiple choice, a file question. */
export const CARDIO_TEMPLATE: TSurveyTemplate = {
  nome: "Screening cardiovascolare",
  info: "Acconsento al trattamento dei miei dati sanitari da parte della farmacia per lo screening cardiovascolare.",
  domande: [
    { q: "Fumi?", o: ["Sì", "No", "Ho smesso"], cb: false, r: true },
    {
      q: "Quante sigarette fumi al giorno?",
      o: ["Meno di 5", "Da 5 a 20", "Più di 20"],
      cb: false,
      r: true,
      si: { index: 0, response: "Sì" },
    },
    { q: "Hai familiari con malattie cardiovascolari?", o: ["Sì", "No", "Non so"], cb: false, r: true },
    {
      q: "Quali di questi disturbi hai avuto negli ultimi mesi?",
      o: ["Affanno", "Dolore al petto", "Palpitazioni", "Gonfiore alle caviglie"],
      cb: true,
      r: false,
    },
    { q: "Ultima misurazione della pressione (es. 130/85)", o: [], cb: false, r: false },
    {
      q: "Allega un referto recente (facoltativo)",
      o: "file",
      cb: false,
      r: false,
      fa: ["application/pdf", "image/jpeg", "image/png"],
    },
  ],
  scoring: {
    method: "sum",
    points: {
      "0": { Sì: 3, "Ho smesso": 1, No: 0 },
      "2": { Sì: 2, No: 0, "Non so": 1 },
      "3": { Affanno: 1, "Dolore al petto": 2, Palpitazioni: 1, "Gonfiore alle caviglie": 1 },
    },
    bands: [
      { min: 0, max: 2, label: "Rischio basso" },
      { min: 3, max: 5, label: "Rischio moderato" },
      { min: 6, max: 100, label: "Rischio alto" },
    ],
  },
};

const PHQ_OPTIONS = ["Mai", "Alcuni giorni", "Più della metà dei giorni", "Quasi ogni giorno"];
const PHQ_QUESTIONS = [
  "Scarso interesse o piacere nel fare le cose",
  "Sentirsi giù, depresso/a o disperato/a",
  "Difficoltà ad addormentarsi o a dormire tutta la notte, o dormire troppo",
  "Sentirsi stanco/a o avere poca energia",
  "Scarso appetito o mangiare troppo",
  "Avere una cattiva opinione di sé, o sentirsi un/una fallito/a, o aver deluso sé stesso/a o la famiglia",
  "Difficoltà a concentrarsi, per esempio nel leggere il giornale o guardare la televisione",
  "Muoversi o parlare così lentamente da poter essere notato/a da altri, o al contrario essere agitato/a più del solito",
  "Pensare che sarebbe meglio morire o farsi del male in qualche modo",
];

/**
 * PHQ-9: nine questions answered 0–3, summed, in the five bands of severity; a known person's score
 * goes to their health file's PHQ-9 history.
 */
export const PHQ9_TEMPLATE: TSurveyTemplate = {
  nome: "PHQ-9 – Questionario sulla salute del paziente",
  info: "Nelle ultime 2 settimane, con quale frequenza ti ha dato fastidio ciascuno dei seguenti problemi? Acconsento al trattamento dei dati.",
  domande: PHQ_QUESTIONS.map((q) => ({ q, o: PHQ_OPTIONS, cb: false, r: true })),
  scoring: {
    method: "sum",
    scale: "PHQ-9",
    points: Object.fromEntries(
      PHQ_QUESTIONS.map((_, i) => [String(i), Object.fromEntries(PHQ_OPTIONS.map((o, points) => [o, points]))]),
    ),
    bands: [
      { min: 0, max: 4, label: "Minima" },
      { min: 5, max: 9, label: "Lieve" },
      { min: 10, max: 14, label: "Moderata" },
      { min: 15, max: 19, label: "Moderatamente grave" },
      { min: 20, max: 27, label: "Grave" },
    ],
  },
};

const CARDIO = "Screening cardiovascolare 2026";
const PHQ9 = "Benessere psicologico (PHQ-9)";

/**
 * Issue 13's demo: two activities of Farmacia San Marco (the cardiovascular screening and PHQ-9),
 * enabled for it, with a couple of fills by the demo citizens; the screening is attached to the
 * pharmacy's blood-pressure service so the booking wizard offers it. Idempotent (by activity name).
 * Returns the number of fills created.
 */
export async function seedDemoSurveys(db: Database, now = Date.now()): Promise<number> {
  const [pharmacy] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, "Farmacia San Marco"))
    .limit(1);
  if (!pharmacy) return 0;
  const existing = await db
    .select({ id: surveyActivities.id })
    .from(surveyActivities)
    .where(and(eq(surveyActivities.companyId, pharmacy.id), inArray(surveyActivities.name, [CARDIO, PHQ9])));
  if (existing.length > 0) return 0;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo", "farmacia.admin@cura.demo"]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id ?? null;
  const manager = idOf("farmacia.admin@cura.demo");

  return db.transaction(async (tx) => {
    const addSurvey = async (
      activity: { name: string; description: string },
      name: string,
      template: TSurveyTemplate,
    ) => {
      const [a] = await tx
        .insert(surveyActivities)
        .values({ ...activity, companyId: pharmacy.id, startDate: "2026-01-01", createdBy: manager })
        .returning({ id: surveyActivities.id });
      const activityId = (a as { id: number }).id;
      await tx.insert(surveyActivityCompanies).values({ activityId, companyId: pharmacy.id, enabled: true });
      const [s] = await tx
        .insert(surveys)
        .values({
          activityId,
          name,
          description: activity.description,
          informativa: "I dati raccolti sono trattati dalla Farmacia San Marco per le sole finalità dello screening.",
          template,
          createdBy: manager,
        })
        .returning({ id: surveys.id });
      const surveyId = (s as { id: number }).id;
      await tx.insert(surveyCompanies).values({ surveyId, companyId: pharmacy.id, enabled: true });
      return surveyId;
    };
    const cardio = await addSurvey(
      { name: CARDIO, description: "Campagna di prevenzione: fattori di rischio cardiovascolare" },
      "Screening cardiovascolare",
      CARDIO_TEMPLATE,
    );
    const phq9 = await addSurvey(
      { name: PHQ9, description: "Screening della depressione con il PHQ-9" },
      "PHQ-9",
      PHQ9_TEMPLATE,
    );

    // The wizard offers the screening with the blood-pressure measurement (not mandatory). Seed code
    // writes what companies' attachSurvey writes (the service's survey) and its hook (this module's row).
    const [pressure] = await tx
      .select({ id: healthServices.id })
      .from(healthServices)
      .where(and(eq(healthServices.companyId, pharmacy.id), eq(healthServices.name, "Misurazione della pressione")))
      .limit(1);
    if (pressure) {
      await tx.update(healthServices).set({ surveyId: cardio }).where(eq(healthServices.id, pressure.id));
      await tx
        .insert(healthServiceSurveys)
        .values({ healthServiceId: pressure.id, companyId: pharmacy.id, surveyId: cardio, mandatory: false });
    }

    const fills: {
      surveyId: number;
      template: TSurveyTemplate;
      email: string;
      answers: TSurveyAnswer[];
      daysAgo: number;
    }[] = [
      {
        surveyId: cardio,
        template: CARDIO_TEMPLATE,
        email: "maria.rossi@cura.demo",
        answers: ["Sì", "Da 5 a 20", "Sì", ["Affanno"], "135/85", null],
        daysAgo: 12,
      },
      {
        surveyId: cardio,
        template: CARDIO_TEMPLATE,
        email: "giuseppe.bianchi@cura.demo",
        answers: ["Ho smesso", null, "No", [], null, null],
        daysAgo: 5,
      },
      {
        surveyId: phq9,
        template: PHQ9_TEMPLATE,
        email: "maria.rossi@cura.demo",
        answers: [
          "Alcuni giorni",
          "Alcuni giorni",
          "Più della metà dei giorni",
          "Alcuni giorni",
          "Mai",
          "Mai",
          "Alcuni giorni",
          "Mai",
          "Mai",
        ],
        daysAgo: 3,
      },
    ];
    let created = 0;
    for (const fill of fills) {
      const userId = idOf(fill.email);
      if (userId === null) continue;
      // Checked and scored as the server checks a citizen's fill.
      const checked = checkFill(fill.template, fill.answers);
      if (!checked.ok) throw new Error(`demo fill of ${fill.template.nome} does not pass its template`);
      const score = scoreFill(fill.template, checked.answers);
      const at = new Date(now - fill.daysAgo * 86_400_000);
      await tx.insert(filledSurveys).values({
        surveyId: fill.surveyId,
        surveyVersion: 1,
        template: fill.template,
        answers: checked.answers,
        userId,
        filledBy: userId,
        companyId: pharmacy.id,
        score: score?.value ?? null,
        scoreBand: score?.band ?? null,
        createdAt: at,
        updatedAt: at,
      });
      created += 1;
    }
    return created;
  });
}
