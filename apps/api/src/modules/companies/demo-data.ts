import type { CompanySubtype, CompanyType } from "@cura/domain";
import type { Transaction } from "../../db/client.ts";
import { insertCompanyWithCode } from "./company-codes.ts";
import { DEMO_CLOSURES } from "./demo-closures.ts";
import {
  careRelationships,
  companyServices,
  healthServices,
  libraryItems,
  openingHours,
  prohibitedDates,
} from "./tables.ts";

/**
 * Demo providers for search and slots (issue 4): pharmacies, clinics and laboratories in real comuni
 * of nine regions, with approximate coordinates, services, opening hours and a few closures.
 * Deterministic: the same database every time (a seeded generator, never Math.random).
 */

/** Comuni with their province, region, a CAP and the approximate coordinates of the centre. */
export const DEMO_COMUNI = [
  { comune: "Milano", provincia: "MI", regione: "Lombardia", cap: "20121", lat: 45.4642, lng: 9.19 },
  { comune: "Bergamo", provincia: "BG", regione: "Lombardia", cap: "24121", lat: 45.6983, lng: 9.6773 },
  { comune: "Brescia", provincia: "BS", regione: "Lombardia", cap: "25121", lat: 45.5416, lng: 10.2118 },
  { comune: "Monza", provincia: "MB", regione: "Lombardia", cap: "20900", lat: 45.5845, lng: 9.2744 },
  { comune: "Pavia", provincia: "PV", regione: "Lombardia", cap: "27100", lat: 45.1847, lng: 9.1582 },
  { comune: "Roma", provincia: "RM", regione: "Lazio", cap: "00185", lat: 41.9028, lng: 12.4964 },
  { comune: "Latina", provincia: "LT", regione: "Lazio", cap: "04100", lat: 41.4676, lng: 12.9037 },
  { comune: "Tivoli", provincia: "RM", regione: "Lazio", cap: "00019", lat: 41.9633, lng: 12.798 },
  { comune: "Napoli", provincia: "NA", regione: "Campania", cap: "80121", lat: 40.8518, lng: 14.2681 },
  { comune: "Salerno", provincia: "SA", regione: "Campania", cap: "84121", lat: 40.6824, lng: 14.7681 },
  { comune: "Torino", provincia: "TO", regione: "Piemonte", cap: "10121", lat: 45.0703, lng: 7.6869 },
  { comune: "Cuneo", provincia: "CN", regione: "Piemonte", cap: "12100", lat: 44.3845, lng: 7.5427 },
  { comune: "Bologna", provincia: "BO", regione: "Emilia-Romagna", cap: "40121", lat: 44.4949, lng: 11.3426 },
  { comune: "Modena", provincia: "MO", regione: "Emilia-Romagna", cap: "41121", lat: 44.6471, lng: 10.9252 },
  { comune: "Firenze", provincia: "FI", regione: "Toscana", cap: "50122", lat: 43.7696, lng: 11.2558 },
  { comune: "Padova", provincia: "PD", regione: "Veneto", cap: "35121", lat: 45.4064, lng: 11.8768 },
  { comune: "Verona", provincia: "VR", regione: "Veneto", cap: "37121", lat: 45.4384, lng: 10.9916 },
  { comune: "Palermo", provincia: "PA", regione: "Sicilia", cap: "90133", lat: 38.1157, lng: 13.3615 },
  { comune: "Catania", provincia: "CT", regione: "Sicilia", cap: "95121", lat: 37.5079, lng: 15.083 },
  { comune: "Bari", provincia: "BA", regione: "Puglia", cap: "70121", lat: 41.1171, lng: 16.8719 },
] as const;
export type DemoComune = (typeof DEMO_COMUNI)[number];

/** mulberry32: a small seeded generator, so demo and benchmark data are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type ServiceSpec = { name: string; minutes: number; price: number | null; ref?: number };
export const DEMO_SERVICES: Record<Exclude<CompanyType, "centrale">, ServiceSpec[]> = {
  farmacia: [
    { name: "Misurazione della pressione", minutes: 15, price: 3 },
    { name: "Elettrocardiogramma (ECG)", minutes: 30, price: 25 },
    { name: "Holter pressorio 24 ore", minutes: 30, price: 45 },
    { name: "Test della glicemia", minutes: 15, price: 5 },
    { name: "Vaccinazione antinfluenzale", minutes: 15, price: null },
    { name: "Ritiro farmaci su prenotazione", minutes: 15, price: null },
    { name: "Autoanalisi del colesterolo", minutes: 15, price: 10 },
    { name: "Tampone antigenico", minutes: 15, price: 15 },
  ],
  poliambulatorio: [
    { name: "Visita cardiologica", minutes: 30, price: 120 },
    { name: "Visita dermatologica", minutes: 20, price: 100 },
    { name: "Ecografia addominale", minutes: 30, price: 90 },
    { name: "Visita ortopedica", minutes: 30, price: 110 },
    { name: "Visita ginecologica", minutes: 30, price: 110 },
    { name: "Visita oculistica", minutes: 30, price: 100 },
    { name: "Seduta di fisioterapia", minutes: 45, price: 50 },
  ],
  laboratorio: [
    { name: "Prelievo del sangue", minutes: 10, price: 10 },
    { name: "Esame delle urine", minutes: 10, price: 8 },
    { name: "Curva glicemica", minutes: 30, price: 25 },
    { name: "Ecografia tiroidea", minutes: 20, price: 70 },
    { name: "Radiografia del torace", minutes: 15, price: 45 },
    { name: "Risonanza magnetica", minutes: 45, price: 180 },
  ],
};

/** Platform services (spec §9 refs) each type runs. */
export const DEMO_PLATFORM_SERVICES: Record<CompanyType, number[]> = {
  farmacia: [1, 3, 4, 5, 12],
  poliambulatorio: [1, 2, 4, 5, 12],
  laboratorio: [1, 4, 12],
  centrale: [2, 4, 5, 7, 8, 10, 11],
};

type Range = [string, string];
/** Weekly hours by type: several ranges a day where the type closes for lunch. */
export const DEMO_HOURS: Record<CompanyType, Array<{ weekdays: number[]; ranges: Range[] }>> = {
  farmacia: [
    {
      weekdays: [1, 2, 3, 4, 5],
      ranges: [
        ["08:30", "12:30"],
        ["15:00", "19:30"],
      ],
    },
    { weekdays: [6], ranges: [["09:00", "12:30"]] },
  ],
  poliambulatorio: [
    { weekdays: [1, 2, 3, 4, 5], ranges: [["08:00", "19:00"]] },
    { weekdays: [6], ranges: [["08:00", "13:00"]] },
  ],
  laboratorio: [
    { weekdays: [1, 2, 3, 4, 5], ranges: [["07:30", "18:00"]] },
    { weekdays: [6], ranges: [["07:30", "12:00"]] },
  ],
  centrale: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], ranges: [["08:00", "20:00"]] }],
};

interface DemoCompany {
  name: string;
  subtype: CompanySubtype;
  comune: string;
  cap?: string;
  address: string;
  /** Managed by the Lazio monitoring room (centro erogatore). */
  managed?: boolean;
}

const DEMO_COMPANIES: DemoCompany[] = [
  { name: "Farmacia Centrale Bergamo", subtype: "farmacia", comune: "Bergamo", address: "Via XX Settembre 18" },
  { name: "Farmacia Brera", subtype: "farmacia", comune: "Milano", cap: "20121", address: "Via Solferino 3" },
  {
    name: "Farmacia Navigli",
    subtype: "farmacia",
    comune: "Milano",
    cap: "20143",
    address: "Ripa di Porta Ticinese 41",
  },
  { name: "Farmacia Santa Giulia", subtype: "farmacia", comune: "Brescia", address: "Corso Zanardelli 9" },
  { name: "Farmacia del Duomo", subtype: "farmacia", comune: "Monza", address: "Piazza Duomo 6" },
  { name: "Farmacia Trastevere", subtype: "farmacia", comune: "Roma", cap: "00153", address: "Viale di Trastevere 82" },
  { name: "Farmacia Prati", subtype: "farmacia", comune: "Roma", cap: "00192", address: "Via Cola di Rienzo 120" },
  { name: "Farmacia Chiaia", subtype: "farmacia", comune: "Napoli", cap: "80121", address: "Via dei Mille 14" },
  { name: "Farmacia Vomero", subtype: "farmacia", comune: "Napoli", cap: "80129", address: "Via Scarlatti 55" },
  { name: "Farmacia Po", subtype: "farmacia", comune: "Torino", cap: "10124", address: "Via Po 21" },
  { name: "Farmacia Due Torri", subtype: "farmacia", comune: "Bologna", cap: "40126", address: "Strada Maggiore 7" },
  {
    name: "Farmacia Santa Croce",
    subtype: "farmacia",
    comune: "Firenze",
    cap: "50122",
    address: "Borgo Santa Croce 4",
  },
  { name: "Farmacia Prato della Valle", subtype: "farmacia", comune: "Padova", address: "Prato della Valle 60" },
  { name: "Farmacia Quattro Canti", subtype: "farmacia", comune: "Palermo", address: "Via Maqueda 172" },
  { name: "Farmacia Rurale San Rocco", subtype: "farmacia_rurale", comune: "Cuneo", address: "Via Roma 28" },
  { name: "Parafarmacia Salute Più", subtype: "parafarmacia", comune: "Bari", address: "Via Sparano da Bari 90" },
  {
    name: "Poliambulatorio Città Studi",
    subtype: "poliambulatorio",
    comune: "Milano",
    cap: "20133",
    address: "Via Pascoli 22",
  },
  {
    name: "Centro Medico Ostiense",
    subtype: "centro_medico",
    comune: "Roma",
    cap: "00154",
    address: "Via Ostiense 131",
    managed: true,
  },
  {
    name: "Poliambulatorio Tiburtino",
    subtype: "poliambulatorio",
    comune: "Roma",
    cap: "00159",
    address: "Via Tiburtina 480",
    managed: true,
  },
  {
    name: "Centro Medico Partenope",
    subtype: "centro_medico",
    comune: "Napoli",
    cap: "80133",
    address: "Via Marina 15",
  },
  {
    name: "Poliambulatorio San Salvario",
    subtype: "poliambulatorio",
    comune: "Torino",
    cap: "10125",
    address: "Via Nizza 44",
  },
  {
    name: "Centro Medico Felsineo",
    subtype: "centro_medico",
    comune: "Bologna",
    cap: "40127",
    address: "Via Stalingrado 37",
  },
  {
    name: "Poliambulatorio Rifredi",
    subtype: "poliambulatorio",
    comune: "Firenze",
    cap: "50134",
    address: "Via dello Statuto 12",
  },
  {
    name: "Poliambulatorio Pontino",
    subtype: "poliambulatorio",
    comune: "Latina",
    address: "Corso della Repubblica 240",
  },
  { name: "Centro Medico Etneo", subtype: "centro_medico", comune: "Catania", address: "Via Etnea 301" },
  { name: "Poliambulatorio Murat", subtype: "poliambulatorio", comune: "Bari", address: "Corso Cavour 110" },
  {
    name: "Laboratorio Analisi Lombardo",
    subtype: "laboratorio_analisi",
    comune: "Pavia",
    address: "Corso Strada Nuova 65",
  },
  {
    name: "Laboratorio Analisi Flaminio",
    subtype: "laboratorio_analisi",
    comune: "Roma",
    cap: "00196",
    address: "Via Flaminia 214",
    managed: true,
  },
  {
    name: "Punto Prelievi Salerno Centro",
    subtype: "punto_prelievi",
    comune: "Salerno",
    address: "Corso Vittorio Emanuele 150",
  },
  {
    name: "Diagnostica per Immagini Adige",
    subtype: "diagnostica_immagini",
    comune: "Verona",
    address: "Via Mazzini 30",
  },
  {
    name: "Laboratorio Analisi Estense",
    subtype: "laboratorio_analisi",
    comune: "Modena",
    address: "Via Emilia Centro 180",
  },
  { name: "Centro Prelievi Tivoli", subtype: "punto_prelievi", comune: "Tivoli", address: "Piazza Garibaldi 5" },
];

const TYPE_OF: Record<CompanySubtype, CompanyType> = {
  farmacia: "farmacia",
  farmacia_rurale: "farmacia",
  parafarmacia: "farmacia",
  poliambulatorio: "poliambulatorio",
  centro_medico: "poliambulatorio",
  casa_di_cura: "poliambulatorio",
  laboratorio_analisi: "laboratorio",
  punto_prelievi: "laboratorio",
  diagnostica_immagini: "laboratorio",
  centrale_monitoraggio: "centrale",
};

const ASL: Record<string, string> = {
  Lombardia: "ATS della Città Metropolitana di Milano",
  Lazio: "ASL Roma 1",
  Campania: "ASL Napoli 1 Centro",
};

/** Weekly hours and the platform services of a company of a type. */
export async function addCompanyBasics(tx: Transaction, companyId: number, type: CompanyType): Promise<void> {
  await tx
    .insert(openingHours)
    .values(
      DEMO_HOURS[type].flatMap((block) =>
        block.weekdays.flatMap((weekday) =>
          block.ranges.map(([opensAt, closesAt]) => ({ companyId, weekday, opensAt, closesAt })),
        ),
      ),
    );
  await tx.insert(companyServices).values(
    DEMO_PLATFORM_SERVICES[type].map((positionRef) => ({
      companyId,
      positionRef,
      payedByCitizen: positionRef === 1 || positionRef === 2,
      slotMinutes: positionRef === 2 || positionRef === 10 || positionRef === 11 ? 15 : 30,
    })),
  );
}

/** The demo providers beyond the two the identity tests know; returns their ids by name. */
export async function seedDemoCompanies(
  tx: Transaction,
  options: { monitoringRoomId: number; pharmacyId: number },
): Promise<Map<string, number>> {
  const random = seededRandom(20260401);
  const ids = new Map<string, number>();
  for (const [index, spec] of DEMO_COMPANIES.entries()) {
    const place = DEMO_COMUNI.find((c) => c.comune === spec.comune) as DemoComune;
    const type = TYPE_OF[spec.subtype];
    // A few hundred metres around the centre, so that distances differ within a city.
    const lat = Math.round((place.lat + (random() - 0.5) * 0.03) * 1e6) / 1e6;
    const lng = Math.round((place.lng + (random() - 0.5) * 0.04) * 1e6) / 1e6;
    const slug = spec.name
      .normalize("NFD")
      .replace(/[^A-Za-z]/g, "")
      .toLowerCase();
    const row = await insertCompanyWithCode(tx, {
      name: spec.name,
      level: 1,
      kind: type,
      subtype: spec.subtype,
      email: `info@${slug}.demo`,
      phone: `0${String(255_000_000 + index * 7_919)}`,
      regione: place.regione,
      provincia: place.provincia,
      comune: place.comune,
      cap: spec.cap ?? place.cap,
      address: spec.address,
      lat,
      lng,
      asl: ASL[place.regione] ?? null,
      picEnabled: place.regione === "Lombardia" && type === "farmacia",
      allowOverlap: type === "laboratorio",
      managedById: spec.managed ? options.monitoringRoomId : null,
      description: `${spec.name}: prenotazioni online delle prestazioni.`,
    });
    const companyId = row.id;
    ids.set(spec.name, companyId);
    await addCompanyBasics(tx, companyId, type);

    // Four or five services of the type's list, chosen by the seeded generator.
    const catalogue = DEMO_SERVICES[type as Exclude<CompanyType, "centrale">];
    const count = 4 + Math.floor(random() * 2);
    const start = Math.floor(random() * catalogue.length);
    const chosen = Array.from(
      { length: Math.min(count, catalogue.length) },
      (_, i) => catalogue[(start + i) % catalogue.length] as ServiceSpec,
    );
    const inserted = await tx
      .insert(healthServices)
      .values(
        chosen.map((s) => ({
          companyId,
          name: s.name,
          positionRef: s.ref ?? 1,
          slotMinutes: s.minutes,
          priceCents: s.price === null ? null : s.price * 100,
          capacity: type === "laboratorio" ? 3 : null,
        })),
      )
      .returning({ id: healthServices.id, name: healthServices.name });
    // Blood samples are taken in the early morning only: the service narrows the lab's hours.
    const sampling = inserted.find((s) => s.name === "Prelievo del sangue");
    if (sampling) {
      await tx.insert(openingHours).values(
        [1, 2, 3, 4, 5, 6].map((weekday) => ({
          companyId,
          serviceId: sampling.id,
          weekday,
          opensAt: "07:30",
          closesAt: "10:30",
        })),
      );
    }
  }

  // A few closures: holidays for some.
  await tx.insert(prohibitedDates).values(
    DEMO_CLOSURES.map((c) => ({
      companyId: c.company === null ? options.pharmacyId : (ids.get(c.company) as number),
      dateFrom: c.dateFrom,
      dateTo: c.dateTo,
      reason: c.reason,
    })),
  );
  return ids;
}

/** The demo library of the pharmacy (bancadati). */
export async function seedDemoLibrary(tx: Transaction, companyId: number): Promise<void> {
  await tx.insert(libraryItems).values([
    { companyId, label: "Banca dati dei farmaci (AIFA)", url: "https://medicinali.aifa.gov.it/", openIframe: false },
    { companyId, label: "Ministero della Salute", url: "https://www.salute.gov.it/", openIframe: false },
    { companyId, label: "Guida operatore Cura", url: "https://example.org/", openIframe: true },
  ]);
}

/** A citizen's care circle, the first provider preferred. */
export async function seedDemoCircle(tx: Transaction, userId: number, companyIds: number[]): Promise<void> {
  await tx
    .insert(careRelationships)
    .values(companyIds.map((companyId, i) => ({ userId, companyId, preferred: i === 0 })));
}
