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

/**
 * sqids 0.3's own blocklist check (`isBlockedId`, run on every id it makes) evaluates a regular
 * expression literal for each of its ~500 words, so it builds ~500 RegExp objects per id: 33 KB of
 * garbage for each encoding, three quarters of everything a 10,000-row export allocated
 * (docs/performance.md, "Survey report at scale"). This is the same rule, with the words sorted
 * once: an id of up to 3 characters is blocked when it is a word; a longer one when it contains a
 * word of letters, or starts or ends with a word holding a digit (words of 3 characters or fewer
 * match only ids of their length). The ids are the same: ids.test.ts compares the checks on every
 * word and 20,000 generated ids, and the encoders on every key below 60,000.
 */
export function fastBlocklistCheck(blocklist: ReadonlySet<string>): (id: string) => boolean {
  const long = [...blocklist].filter((word) => word.length > 3);
  const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
  const letterWords = long.filter((word) => !/\d/.test(word));
  const contains = letterWords.length > 0 ? new RegExp(letterWords.map(escaped).join("|")) : null;
  const digitWords = long.filter((word) => /\d/.test(word));
  return (id) => {
    const lower = id.toLowerCase();
    if (lower.length <= 3) return blocklist.has(lower);
    if (contains?.test(lower)) return true;
    return digitWords.some((word) => lower.startsWith(word) || lower.endsWith(word));
  };
}

export function createIds(options: { alphabet: string; minLength: number }): Ids {
  const sqids = new Sqids({ alphabet: options.alphabet, minLength: options.minLength });
  const internals = sqids as unknown as { blocklist: Set<string>; isBlockedId: (id: string) => boolean };
  internals.isBlockedId = fastBlocklistCheck(internals.blocklist);
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
