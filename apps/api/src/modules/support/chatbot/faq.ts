import Fuse from "fuse.js";
import faqFile from "./faq.it.json" with { type: "json" };

/**
 * The chat-bot's answers: a rule-based Italian FAQ kept in a versioned file (faq.it.json: intents,
 * keywords, synonyms, answer, links). A question is matched word by word against every intent's
 * keywords and synonyms with fuse.js (typos tolerated); the intent with the most matching words wins,
 * and none: the fallback with the support link. Answers are fixed texts: nothing personal, ever.
 */

export interface FaqReply {
  intent: string;
  text: string;
  links: Array<{ label: string; url: string }>;
  version: string;
}

interface Term {
  intent: string;
  term: string;
  /** A keyword names the intent; a synonym only hints at it. */
  weight: number;
}

const terms: Term[] = faqFile.intents.flatMap((intent) => [
  ...intent.keywords.map((term) => ({ intent: intent.id, term: normalise(term), weight: 1.5 })),
  ...intent.synonyms.map((term) => ({ intent: intent.id, term: normalise(term), weight: 1 })),
]);
const fuse = new Fuse(terms, { keys: ["term"], includeScore: true, threshold: 0.25, ignoreLocation: true });
const byId = new Map(faqFile.intents.map((intent) => [intent.id, intent]));

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Italian words too common to say anything about the question. */
const STOP_WORDS = new Set(
  "il lo la i gli le un uno una di a da in con su per tra fra e o ma che chi come cosa dove quando quale quali mi ti si ci vi non piu posso puoi voglio vorrei devo fare ho hai del della dei degli delle al alla ai agli alle nel nella sono sei e mio mia miei mie tuo tua ciao salve buongiorno buonasera grazie".split(
    " ",
  ),
);

export function answer(message: string): FaqReply {
  const text = normalise(message);
  const words = text.split(" ").filter((w) => w.length > 2 && !STOP_WORDS.has(w));
  const scores = new Map<string, number>();
  const add = (intent: string, weight: number) => scores.set(intent, (scores.get(intent) ?? 0) + weight);
  // Phrases of several words ("dati personali") count when they appear whole.
  for (const term of terms) if (term.term.includes(" ") && text.includes(term.term)) add(term.intent, 2 * term.weight);
  for (const word of words) {
    const seen = new Set<string>();
    for (const hit of fuse.search(word, { limit: 5 })) {
      if (seen.has(hit.item.intent)) continue;
      seen.add(hit.item.intent);
      add(hit.item.intent, hit.item.weight * (1 - (hit.score ?? 0)));
    }
  }
  const best = [...scores.entries()].sort((a, b) => b[1] - a[1])[0];
  const intent = best && best[1] >= 0.6 ? byId.get(best[0]) : undefined;
  if (!intent) return { intent: "fallback", ...faqFile.fallback, version: faqFile.version };
  return { intent: intent.id, text: intent.answer, links: intent.links, version: faqFile.version };
}

export const FAQ_VERSION = faqFile.version;
