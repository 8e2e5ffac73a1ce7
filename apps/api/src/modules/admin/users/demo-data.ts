import { count } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { publicContacts } from "./tables.ts";

const HOUR = 3_600_000;

/** Messages of the public home's contact form, as people write them, the newest first. */
const DEMO_CONTACTS = [
  {
    name: "Francesca Moretti",
    email: "francesca.moretti@example.it",
    phone: "3471122334",
    message:
      "Buongiorno, la mia farmacia vorrebbe offrire le prenotazioni e la telemedicina con Cura. Come possiamo aderire?",
    hoursAgo: 2,
  },
  {
    name: "Roberto Sala",
    email: "roberto.sala@example.it",
    phone: null,
    message: "Non riesco a completare la registrazione: il codice di verifica via SMS non arriva. Potete aiutarmi?",
    hoursAgo: 20,
  },
  {
    name: "Studio medico Ferri",
    email: "segreteria@studioferri.example.it",
    phone: "0612345670",
    message: "Siamo un poliambulatorio di Roma: vorremmo informazioni sui costi del servizio per le strutture.",
    hoursAgo: 3 * 24 + 5,
  },
  {
    name: "Carla Bellini",
    email: "carla.bellini@example.it",
    phone: "3389988776",
    message: "Mia madre ha 82 anni: posso gestire io le sue prenotazioni come familiare? Grazie.",
    hoursAgo: 9 * 24 + 3,
  },
];

/**
 * The back office's `contatti` (issue 14) with a few messages after `npm start`, spread over the last
 * days. Start-up seed and the journeys only (the API tests' template has none); skipped when some exist.
 */
export async function seedDemoContacts(db: Executor, now = Date.now()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(publicContacts);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(publicContacts).values(
    DEMO_CONTACTS.map(({ hoursAgo, ...contact }) => ({
      ...contact,
      privacyConsent: true,
      createdAt: new Date(now - hoursAgo * HOUR),
    })),
  );
}
