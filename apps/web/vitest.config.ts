import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { DESIGN_REACT_KIT_ICONS, packageDir } from "./vite.config.ts";
import { catalogueParts } from "./vite-plugins/catalogue-parts.ts";

const webRoot = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: webRoot,
  // The catalogue's parts (lib/i18n.ts) are each the whole catalogue here: tests render pages alone.
  plugins: [react(), catalogueParts({ whole: true })],
  resolve: {
    dedupe: ["react", "react-dom"],
    // design-react-kit's exports map has no Node condition, and bootstrap-italia's main file
    // replaces process.env: point both at their ES module builds (shared/STACK-NOTES.md, trap 2).
    alias: [
      { find: /^design-react-kit$/, replacement: join(packageDir("design-react-kit"), "dist/index.js") },
      { find: /^bootstrap-italia$/, replacement: join(packageDir("bootstrap-italia"), "dist/bootstrap-italia.esm.js") },
      DESIGN_REACT_KIT_ICONS,
    ],
  },
  test: {
    name: "web",
    root: webRoot,
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    css: false,
    // The first render of a file compiles the lazy pages and design-react-kit: slow on a busy machine.
    testTimeout: 20_000,
    server: { deps: { inline: ["design-react-kit", "bootstrap-italia"] } },
  },
});
