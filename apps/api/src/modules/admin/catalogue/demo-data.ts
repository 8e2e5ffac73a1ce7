import { inArray } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { companyAdministration } from "../../companies/index.ts";
import { seedFdsCatalogue } from "./reference.ts";
import { fdsAdhesions, fdsServices } from "./tables.ts";

/** Which demo pharmacies adhere to which 'farmacia dei servizi' services (by the catalogue's codes). */
const DEMO_ADHESIONS: Record<string, string[]> = {
  "Farmacia San Marco": ["TELE-ECG", "TELE-HOLTER-P", "ANALISI-1L", "CUP"],
  "Farmacia Brera": ["ANALISI-1L", "ADERENZA", "VACCINI"],
  "Farmacia Trastevere": ["TELE-ECG", "SCREENING-CCR", "VACCINI"],
  "Farmacia Chiaia": ["VACCINI", "CUP"],
  "Farmacia Po": ["TELE-HOLTER-C", "ADERENZA"],
};

/**
 * The back office's 'farmacia dei servizi' with some adhesions (issue 14), so that the `servizi`
 * page's counts and a pharmacy's boxes show something after `npm start`. The catalogue is reference
 * data (main.ts seeds it at every start; the journeys' world does not), so it is ensured first.
 * Start-up seed and the journeys only: the API tests count adhesions from none.
 */
export async function seedDemoFdsAdhesions(db: Executor): Promise<void> {
  await seedFdsCatalogue(db);
  const { rows } = await companyAdministration.listCompanies(
    db,
    { type: "farmacia" },
    { sort: "name", limit: 100, offset: 0 },
  );
  const services = await db
    .select({ id: fdsServices.id, code: fdsServices.code })
    .from(fdsServices)
    .where(inArray(fdsServices.code, [...new Set(Object.values(DEMO_ADHESIONS).flat())]));
  const serviceId = new Map(services.map((s) => [s.code, s.id]));
  const values = rows.flatMap((company) =>
    (DEMO_ADHESIONS[company.name] ?? []).flatMap((code) => {
      const id = serviceId.get(code);
      return id === undefined ? [] : [{ serviceId: id, companyId: company.id }];
    }),
  );
  if (values.length > 0) await db.insert(fdsAdhesions).values(values).onConflictDoNothing();
}
