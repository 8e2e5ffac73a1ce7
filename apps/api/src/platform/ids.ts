import Sqids from "sqids";

/** Public ids: integer keys encoded with sqids, so no sequential id reaches a client. */
export interface Ids {
  encode(id: number): string;
  /** The integer behind a hashid, or null when it is not one of ours. */
  decode(hashid: string): number | null;
}

export function createIds(options: { alphabet: string; minLength: number }): Ids {
  const sqids = new Sqids({ alphabet: options.alphabet, minLength: options.minLength });
  return {
    encode: (id) => sqids.encode([id]),
    decode(hashid) {
      const numbers = sqids.decode(hashid);
      if (numbers.length !== 1) return null;
      const id = numbers[0] as number;
      // Several strings can decode to the same number; only the canonical one is accepted.
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || sqids.encode([id]) !== hashid) return null;
      return id;
    },
  };
}
