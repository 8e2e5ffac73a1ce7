import { cpSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { buildHash } from "./vite-plugins/build-hash.ts";
import { precompress } from "./vite-plugins/precompress.ts";
import { zodWithoutEval } from "./vite-plugins/zod-without-eval.ts";

const webRoot = dirname(fileURLToPath(import.meta.url));

/** Finds an installed package folder: hoisted to the repository root or local to apps/web. */
export function packageDir(name: string): string {
  for (const base of [join(webRoot, "node_modules"), join(webRoot, "../../node_modules")]) {
    const dir = join(base, name);
    if (existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error(`Package ${name} is not installed`);
}

/**
 * bootstrap-italia's CSS declares no @font-face; its loadFonts('/fonts') does, pointing at files we
 * must serve. Copy them into public/fonts (git-ignored) before the dev server or the build starts.
 */
function bootstrapItaliaFonts(): Plugin {
  return {
    name: "cura:bootstrap-italia-fonts",
    configResolved(config) {
      const source = join(packageDir("bootstrap-italia"), "dist", "fonts");
      const target = join(config.publicDir || join(webRoot, "public"), "fonts");
      cpSync(source, target, { recursive: true });
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), bootstrapItaliaFonts(), zodWithoutEval(), precompress(), buildHash()],
  resolve: {
    // design-react-kit → reactstrap → react-popper would otherwise pull a second React (blank page).
    dedupe: ["react", "react-dom"],
  },
  css: {
    preprocessorOptions: {
      scss: {
        // src/styles/bootstrap-italia.scss imports the package's own partials (bootstrap-italia/src/scss),
        // written for @import and Sass's global functions: their deprecation notices are not ours to fix.
        loadPaths: [dirname(packageDir("bootstrap-italia"))],
        quietDeps: true,
        silenceDeprecations: ["import", "global-builtin", "color-functions", "slash-div", "abs-percent", "if-function"],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: true, ws: true },
    },
  },
  build: {
    // CURA_WEB_DIST lets parallel work trees' builds not overwrite each other (the server reads it too).
    outDir: process.env.CURA_WEB_DIST ?? join(webRoot, "dist"),
    emptyOutDir: true,
    sourcemap: true,
    // Read by the front-end budgets (test/budgets.test.ts): which chunks each page loads first.
    manifest: true,
  },
});
