import type { Plugin } from "vite";

const CORE = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const DEFAULT_CONFIG = "(_a.__zod_globalConfig = {})";

/**
 * zod compiles its object parsers with `new Function` where eval is allowed, and probes for it when
 * the first object schema is built. Our Content-Security-Policy forbids eval (script-src 'self'), so
 * the caught probe is still a CSP violation the browser reports (Lighthouse's best-practices
 * "inspector issue"). zod skips the probe under its `jitless` setting, which must be in place before
 * the contracts are built, that is when zod's core module starts; the contracts' chunk is evaluated
 * before any module of ours could call z.config. So the browser build starts zod's global
 * configuration with `jitless: true`; the API (no CSP, many parses) keeps the compiled parsers.
 */
export function zodWithoutEval(): Plugin {
  return {
    name: "cura:zod-without-eval",
    apply: "build",
    transform(code, id) {
      if (!CORE.test(id)) return null;
      if (!code.includes(DEFAULT_CONFIG)) {
        throw new Error(
          `zod's core no longer starts its configuration with ${DEFAULT_CONFIG}: update ${import.meta.filename}`,
        );
      }
      return { code: code.replace(DEFAULT_CONFIG, "(_a.__zod_globalConfig = { jitless: true })"), map: null };
    },
  };
}
