import type { Executor } from "../../../db/client.ts";
import { fdsServices } from "./tables.ts";

/**
 * The 'farmacia dei servizi' services (D.Lgs. 153/2009; DM 16 dicembre 2010 on first-level analyses and
 * telemedicine; the 2021–2022 sperimentazione): reference data, inserted by code when missing, so an
 * installation's own rows are kept. Run with the other reference data at every start.
 */
export const FDS_CATALOGUE = [
  {
    code: "TELE-ECG",
    name: "Elettrocardiogramma in telemedicina",
    category: "Telemedicina",
    description: "ECG registrato in farmacia e refertato a distanza da un cardiologo",
  },
  {
    code: "TELE-HOLTER-P",
    name: "Holter pressorio",
    category: "Telemedicina",
    description: "Monitoraggio della pressione arteriosa nelle 24 ore, refertato a distanza",
  },
  {
    code: "TELE-HOLTER-C",
    name: "Holter cardiaco",
    category: "Telemedicina",
    description: "Monitoraggio dell'attività cardiaca nelle 24 ore, refertato a distanza",
  },
  {
    code: "ANALISI-1L",
    name: "Analisi di prima istanza",
    category: "Analisi",
    description: "Glicemia, colesterolo, trigliceridi, emoglobina glicata con dispositivi di autocontrollo",
  },
  {
    code: "SCREENING-CCR",
    name: "Screening del colon-retto",
    category: "Prevenzione",
    description: "Consegna e ritiro del kit per la ricerca del sangue occulto nelle feci",
  },
  {
    code: "VACCINI",
    name: "Vaccinazioni in farmacia",
    category: "Prevenzione",
    description: "Vaccinazioni antinfluenzale e anti-COVID-19 da parte del farmacista",
  },
  {
    code: "ADERENZA",
    name: "Aderenza alla terapia",
    category: "Presa in carico",
    description: "Monitoraggio dell'aderenza terapeutica dei pazienti cronici (ipertensione, diabete, BPCO)",
  },
  {
    code: "CUP",
    name: "Prenotazioni CUP e ritiro referti",
    category: "Servizi al cittadino",
    description: "Prenotazione di visite ed esami del servizio sanitario e ritiro dei referti",
  },
] as const;

export async function seedFdsCatalogue(db: Executor): Promise<void> {
  await db
    .insert(fdsServices)
    .values(FDS_CATALOGUE.map((service, i) => ({ ...service, sortOrder: i })))
    .onConflictDoNothing();
}
