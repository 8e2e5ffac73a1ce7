import Sqids from "sqids";

/** Public ids: integer keys encoded with sqids, so no sequential id reaches a client. */
export interface Ids {
  encode(id: number): string;
  /** The integer behind a hashid, or null when it is not one of ours. */
  decode(hashid: string): number | null;
}

/**
 * How many encodings each instance remembers. Lists encode the same companies, services and users
 * over and over, and sqids costs about a tenth of the API's time under booking load
 * (docs/performance.md): a bounded memo removes most of it and stays small (~1 MB).
 */
const MEMO_SIZE = 10_000;

export function createIds(options: { alphabet: string; minLength: number }): Ids {
  const sqids = new Sqids({ alphabet: options.alphabet, minLength: options.minLength });
  const memo = new Map<number, string>();
  const encode = (id: number): string => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const hashid = sqids.encode([id]);
    // The oldest entry goes first (a Map keeps insertion order): enough for a working set.
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as number);
    memo.set(id, hashid);
    return hashid;
  };
  return {
    encode,
    decode(hashid) {
      const numbers = sqids.decode(hashid);
      if (numbers.length !== 1) return null;
      const id = numbers[0] as number;
      // Several strings can decode to the same number; only the canonical one is accepted.
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || encode(id) !== hashid) return null;
      return id;
    },
  };
}
