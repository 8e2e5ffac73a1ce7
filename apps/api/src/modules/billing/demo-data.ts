import type { Executor } from "../../db/client.ts";
import * as repository from "./repository.ts";
import { SUBSCRIPTION_GATED_REFS } from "./service.ts";

/**
 * The demo companies are subscribed to every gated platform service they run (issue 10: refs 10,
 * 11 and 2), open-ended from 2026-01-01. Idempotent: companies already subscribed are left alone.
 */
export async function seedDemoSubscriptions(
  db: Executor,
  runs: Array<{ companyId: number; positionRef: number }>,
): Promise<void> {
  const rows = [];
  for (const ref of SUBSCRIPTION_GATED_REFS) {
    const already = await repository.companiesWithSubscription(db, ref);
    for (const run of runs) {
      if (run.positionRef === ref && !already.has(run.companyId))
        rows.push({
          companyId: run.companyId,
          positionRef: ref,
          plan: "demo",
          startDate: "2026-01-01",
          status: "active" as const,
        });
    }
  }
  await repository.insertSubscriptions(db, rows);
}
