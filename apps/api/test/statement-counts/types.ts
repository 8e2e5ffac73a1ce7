import type { Caller, demoCallers } from "../../src/modules/companies/test-helpers.ts";
import type { Ids } from "../../src/platform/ids.ts";
import type { TestContext } from "../helpers.ts";

/** A list route measured by statement-counts.test.ts: called with 1 item and with 50. */
export interface Measured {
  /** The route as the OpenAPI document names it. */
  route: string;
  /** The URL called (with parameters and a page size of at least 50). */
  url: () => string;
  as: () => Caller;
  /** Adds `n` items to what the route answers. */
  seed: (n: number) => Promise<void>;
  /** The largest number of items the route answers (a "latest five" list), when below 50. */
  cap?: number;
}

/** What the suite has set up before a module's routes are seeded: the demo world and a few helpers. */
export interface SeedEnv {
  t: TestContext;
  people: Awaited<ReturnType<typeof demoCallers>>;
  ids: Ids;
  /** The demo citizen (maria.rossi), a patient of the demo pharmacy. */
  citizenId: number;
  /** The demo pharmacy and its administrator operator. */
  pharmacyId: number;
  pharmacyHashid: string;
  adminOperatorId: number;
  /** The demo monitoring room (a level-5 company). */
  roomHashid: string;
  /** A number unique in the run, for unique names and e-mails. */
  next: () => number;
  /** `n` people (a user and an anagrafica each) with one surname. */
  insertPeople: (n: number, type?: number, surname?: string) => Promise<number[]>;
  /** `n` stored files (rows only), for lists of attachments. */
  insertFiles: (n: number) => Promise<number[]>;
}

/**
 * The list routes of one module, in a file of its own beside this one (listed in index.ts): each
 * module measures its lists, or names why one cannot be grown from 1 to 50 items.
 */
export interface RouteSet {
  routes: (env: SeedEnv) => Measured[];
  notSeeded?: Record<string, string>;
}
