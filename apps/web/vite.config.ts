import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildHash } from "./vite-plugins/build-hash.ts";
import { catalogueParts } from "./vite-plugins/catalogue-parts.ts";
import { manuals } from "./vite-plugins/manuals.ts";
import { precompress } from "./vite-plugins/precompress.ts";
import { prerender } from "./vite-plugins/prerender.ts";
import { pureDomain } from "./vite-plugins/pure-domain.ts";
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
 * design-react-kit's icon drawings one by one (src/ui/AppIcon.tsx): its exports map opens only the
 * package's index, whose Icon fetches each drawing as a chunk of its own after the first render.
 */
export const DESIGN_REACT_KIT_ICONS = {
  find: /^@design-react-kit-icons\/(It[A-Za-z]+)$/,
  replacement: `${join(packageDir("design-react-kit"), "dist", "Icon", "assets")}/$1.js`,
};

const APP_ICON = /[\\/]src[\\/]ui[\\/]AppIcon\.tsx$/;

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    catalogueParts(),
    pureDomain(),
    zodWithoutEval(),
    manuals(join(webRoot, "../../docs/manuali")),
    prerender(),
    precompress(),
    buildHash(),
  ],
  resolve: {
    // design-react-kit → reactstrap → react-popper would otherwise pull a second React (blank page).
    dedupe: ["react", "react-dom"],
    // src/styles/fonts.css: bootstrap-italia's woff2 files, bundled with a content hash.
    alias: [
      { find: /^@bootstrap-italia-fonts\//, replacement: `${join(packageDir("bootstrap-italia"), "dist", "fonts")}/` },
      DESIGN_REACT_KIT_ICONS,
    ],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "initial",
              tags: ["$initial"],
              test: (id: string) => !/([\\/]src[\\/]main\.tsx|index\.html)$/.test(id),
            },
            {
              // AppIcon and the drawings it imports in one chunk: design-react-kit's Icon also
              // imports each drawing dynamically, which would make each a chunk (a request) of its own.
              name: (id, context) =>
                APP_ICON.test(id) || context.getModuleInfo(id)?.importers.some((importer) => APP_ICON.test(importer))
                  ? "AppIcon"
                  : null,
            },
          ],
        },
      },
    },
  },
});
