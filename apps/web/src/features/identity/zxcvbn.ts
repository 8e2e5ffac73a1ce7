import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * zxcvbn-ts with its common and Italian dictionaries, as the API's password check uses them
 * (apps/api/src/modules/identity/common-passwords.ts): same options, same minimum score, so a
 * password the meter calls strong enough is one the server accepts. The dictionaries are large:
 * they load on first use, in chunks of their own, never in the initial bundle.
 */
export const MIN_SCORE = 3;
const MAX_LENGTH = 128;

let factory: Promise<ZxcvbnFactory> | null = null;

export function loadZxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common, italian] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-it"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...italian.dictionary },
      graphs: common.adjacencyGraphs,
      translations: italian.translations,
      maxLength: MAX_LENGTH,
    });
  })();
  // A failed chunk load may succeed later (network back): do not keep the rejection.
  factory.catch(() => {
    factory = null;
  });
  return factory;
}
