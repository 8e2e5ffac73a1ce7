import { join } from "node:path";
import type { Plugin } from "vite";

/** The zod locale (Italian messages): a module that configures zod when it loads. */
const ZOD_LOCALE = join(import.meta.dirname, "..", "..", "..", "packages", "domain", "src", "validation", "locale.ts");
/** zod's classic schemas (z.object, z.string…): in a chunk only where some schema is kept. */
const ZOD_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

/** The shared domain package's sources (packages/domain/src), not its tests. */
const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;

/** Node shapes of the ESTree program `this.parse` returns, as far as this plugin reads them. */
interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  declaration?: (Node & { declarations?: Declarator[] }) | null;
  declarations?: Declarator[];
}

/** An initializer that runs code when the module loads: a call (`z.object(…)`, `ZPage.extend(…)`, `envelope(…)`). */
const RUNS_CODE = new Set(["CallExpression", "NewExpression", "TaggedTemplateExpression", "ChainExpression"]);

/**
 * The web build keeps of packages/domain only what a page uses. Its contract modules build zod
 * schemas at load time (`export const ZUser = z.object(…)`), calls the bundler must assume have side
 * effects, so importing one constant from a contract module (`BOOKING_KINDS`, `POPUP_POLL_MS`) used to
 * keep every schema of that module and the whole of zod (about 25 KB gzip) in a page that parses
 * nothing. Building a schema has no effect beyond its value, so each module-level `const` initialised
 * by a call becomes `/* @__PURE__ *\/ (() => init)()`: evaluated at the same moment when kept, dropped
 * with its value when unused. Module-level statements that are not declarations (the zod locale's
 * `z.config(…)`) are left alone and keep their effect. The API runs the sources as they are.
 */
export function pureDomain(): Plugin[] {
  const zodWithLocale: Plugin = {
    name: "cura:zod-with-locale",
    apply: "build",
    /**
     * Wherever a schema is kept, zod's Italian messages come with it. The zod locale used to come
     * with any import of "@cura/domain" (its index re-exports the locale, a module with side
     * effects); with the unused schemas dropped a page could keep a schema and lose the locale, or
     * keep the locale, and zod, for a constant. So zod's schema module imports the locale (which
     * reads zod's core only, so there is no cycle).
     */
    transform: {
      filter: { id: ZOD_SCHEMAS },
      handler(code, id) {
        if (!ZOD_SCHEMAS.test(id)) return null;
        return { code: `import ${JSON.stringify(ZOD_LOCALE)};\n${code}`, map: null };
      },
    },
  };
  const pureSchemas: Plugin = {
    name: "cura:pure-domain",
    apply: "build",
    transform: {
      filter: { id: DOMAIN_SOURCE },
      handler(code, id) {
        if (!DOMAIN_SOURCE.test(id)) return null;
        const program = this.parse(code) as unknown as { body: Statement[] };
        const inits: Node[] = [];
        for (const statement of program.body) {
          const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
          if (declaration?.type !== "VariableDeclaration") continue;
          for (const declarator of declaration.declarations ?? []) {
            if (declarator.init && RUNS_CODE.has(declarator.init.type)) inits.push(declarator.init);
          }
        }
        if (inits.length === 0) return null;
        let out = code;
        // From the end, so the earlier offsets stay valid.
        for (const init of inits.sort((a, b) => b.start - a.start)) {
          out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => ${out.slice(init.start, init.end)})()${out.slice(init.end)}`;
        }
        // Only insertions on the lines they were on: the original map stays close enough for the
        // budget test, which reads which sources a chunk holds, not their columns.
        return { code: out, map: null };
      },
    },
  };
  return [zodWithLocale, pureSchemas];
}
