import { PASSWORD_MESSAGES } from "@cura/domain";
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * Refuses common and easily guessed passwords (issue 3) with zxcvbn-ts and its common and Italian
 * dictionaries. The spec's character rules (packages/domain) let "Password1!" through; this does not.
 *
 * The web app can show the same judgement as a strength meter by lazy-loading the same three
 * packages with the same options (see `loadZxcvbn`), so a password the meter calls acceptable
 * (score ≥ MIN_SCORE) is one the server accepts. The dictionaries are large (≈5 MB unpacked),
 * hence the lazy load here too: they are read on the first password set, not at start-up.
 */
export const MIN_SCORE = 3;
/** zxcvbn's cost grows with length; the spec's maximum length bounds it. */
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
  return factory;
}

/**
 * PASSWORD_MESSAGES.common when the password is too guessable, otherwise null. userInputs are the
 * person's own words (name, surname, e-mail), which make a password weaker when it contains them.
 */
export async function commonPasswordProblem(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined> = [],
): Promise<string | null> {
  const zxcvbn = await loadZxcvbn();
  const inputs = userInputs.filter((v): v is string => typeof v === "string" && v.length > 0);
  const result = zxcvbn.check(password, inputs);
  return result.score < MIN_SCORE ? PASSWORD_MESSAGES.common : null;
}
