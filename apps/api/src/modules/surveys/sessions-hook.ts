import { notFound } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";

/**
 * What the sessions module answers for this one (issue 13). The sessions module stores its
 * compilations' fills through this module, so this one cannot import it: it registers these once,
 * when it is loaded. Until then no compilation exists: no pseudonym, and a citizen's fill naming one
 * finds nothing (404).
 */

/** What a fill joining a compilation does in the fill's transaction: check its turn first, record it after. */
export interface CompilationStep {
  /** The compilation, and the survey of this step (one of the session's). */
  compilationId: number;
  surveyId: number;
  /** The compilation's company: its managers read the fill. */
  companyId: number;
  /** Runs first in the fill's transaction, the compilation locked: still open, this survey's turn. */
  within: (tx: Executor) => Promise<void>;
  /** Runs last, with the new fill's key: the compilation's item and progress. */
  after: (tx: Executor, fillId: number) => Promise<void>;
}

export interface SessionFillHooks {
  /** The pseudonyms of some compilations (null for one of another type), in one read: a page of fills. */
  compilationPseudonyms(db: Executor, compilationIds: readonly number[]): Promise<ReadonlyMap<number, string | null>>;
  /**
   * A citizen's own fill of `surveyId` joining the compilation `compilationHash` (`filled/new` with
   * `session_id`): the compilation must be the citizen's own in-clear one (else 404) and the survey
   * its next one (else 422 on `survey`); a closed compilation is a 409.
   */
  citizenStep(ctx: ModuleContext, p: Principal, compilationHash: string, surveyId: number): Promise<CompilationStep>;
  /** Whether a fill is a step of a compilation (it then stays as submitted: the session's record, maybe signed). */
  fillInCompilation(db: Executor, fillId: number): Promise<boolean>;
}

let hooks: SessionFillHooks = {
  compilationPseudonyms: async () => new Map(),
  citizenStep: async () => {
    throw notFound();
  },
  fillInCompilation: async () => false,
};

/** The sessions module registers its answers once, when it is loaded. */
export function setSessionFillHooks(next: SessionFillHooks): void {
  hooks = next;
}

export const sessionFillHooks = (): SessionFillHooks => hooks;
