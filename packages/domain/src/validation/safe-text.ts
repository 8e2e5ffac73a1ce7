/**
 * Text that may reach the database. PostgreSQL refuses a NUL (U+0000) in text and jsonb, so before
 * this rule a NUL in any string was a 500; the other C0 controls and DEL have no place in what a
 * person types, and an unpaired UTF-16 surrogate cannot be encoded as UTF-8 (the driver silently
 * turns it into U+FFFD, so the stored text would differ from the one sent). One rule, applied to every
 * string the API receives (its input guard) and to every form (`schemaResolver` in the web app).
 */

export const UNSAFE_TEXT_MESSAGE = "Il testo contiene caratteri non ammessi";

export interface SafeTextOptions {
  /** Free text may hold tab, line feed and carriage return; a single-line value (an id, a key, a file name) may not. */
  multiline?: boolean;
}

// C0 controls and DEL, except tab (U+0009), line feed (U+000A) and carriage return (U+000D).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose
const CONTROLS_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose
const CONTROLS_SINGLE_LINE = /[\u0000-\u001F\u007F]/;
// With the u flag a well-formed pair is one code point, so only an unpaired half matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** The Italian message when `value` holds a character the platform refuses, else null. */
export function unsafeTextProblem(value: string, options: SafeTextOptions = {}): string | null {
  const controls = options.multiline === false ? CONTROLS_SINGLE_LINE : CONTROLS_MULTILINE;
  return controls.test(value) || LONE_SURROGATE.test(value) ? UNSAFE_TEXT_MESSAGE : null;
}

export interface UnsafeTextIssue {
  /** Where the string sits (`anagrafica.cf` as segments); an object key is reported at the key's own path. */
  path: Array<string | number>;
  message: string;
}

/**
 * Every unsafe string inside a parsed value (strings, arrays, plain objects, and the objects' keys).
 * Iterative, so a deeply nested body cannot overflow the stack; `limit` stops after that many issues
 * (one is enough to refuse a request).
 */
export function findUnsafeText(value: unknown, options: SafeTextOptions & { limit?: number } = {}): UnsafeTextIssue[] {
  const issues: UnsafeTextIssue[] = [];
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  // Each entry links to its parent, so a path is only built for an issue (a deep body stays linear).
  interface Node {
    value: unknown;
    key: string | number | null;
    parent: Node | null;
  }
  const pathOf = (node: Node, last?: string): Array<string | number> => {
    const path: Array<string | number> = last === undefined ? [] : [last];
    for (let at: Node | null = node; at && at.key !== null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && issues.length < limit) {
    const node = stack.pop() as Node;
    const current = node.value;
    if (typeof current === "string") {
      const message = unsafeTextProblem(current, options);
      if (message) issues.push({ path: pathOf(node), message });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: node });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        // A key may become a column or a jsonb key: it is never free text.
        const keyProblem = unsafeTextProblem(key, { multiline: false });
        if (keyProblem) issues.push({ path: pathOf(node, key), message: keyProblem });
        else stack.push({ value: child, key, parent: node });
      }
    }
  }
  return issues.slice(0, limit);
}
