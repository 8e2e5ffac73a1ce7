import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile, Logger } from "sass";
import { describe, expect, it } from "vitest";
import { packageDir } from "../../vite.config.ts";

/**
 * The app ships only some of Bootstrap Italia's SCSS partials (bootstrap-italia.scss). A class the
 * app writes that only a left-out partial styles would render unstyled with no error anywhere: this
 * finds every word of the app's strings that the whole library styles, and wants each in our CSS.
 */

const srcDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const bootstrapItalia = packageDir("bootstrap-italia");
const designReactKit = packageDir("design-react-kit");
const reactstrap = packageDir("reactstrap");

/**
 * Words the app uses as values, not as classes (alert kinds, a route segment, upload states, an ARIA
 * role, an icon's name, a threshold band's field): the library styles them only inside components
 * the app does not use (callout, notification, upload, toolbar, a date picker's "min").
 */
const NOT_CLASSES = new Set([
  "success",
  "danger",
  "info",
  "warning",
  "error",
  "note",
  "section",
  "loading",
  "toolbar",
  "it-more-actions",
  "min",
]);

function classesOf(css: string): Set<string> {
  const withoutUrls = css.replace(/url\([^)]*\)/g, "");
  return new Set([...withoutUrls.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] as string));
}

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => pattern.test(file) && !/\.test\.|[\\/]test[\\/]/.test(file))
    .map((file) => join(dir, file));
}

/** Every word inside a string or template literal of the app and of the kit components it imports. */
function wordsInStrings(): Set<string> {
  const files = [
    ...sourceFiles(srcDir, /\.tsx?$/),
    // design-react-kit's components the app imports (Button, Modal*, Icon) and the reactstrap ones
    // they wrap write classes of their own.
    ...["Button", "Modal", "Icon"].flatMap((component) =>
      sourceFiles(join(designReactKit, "dist", component), /\.js$/),
    ),
    ...["Button", "CloseButton", "Fade", "Modal", "ModalBody", "ModalFooter", "ModalHeader"].map((component) =>
      join(reactstrap, "esm", `${component}.js`),
    ),
  ];
  const words = new Set<string>();
  for (const file of files) {
    for (const literal of readFileSync(file, "utf8").matchAll(/["'`]([^"'`\n]*)["'`]/g)) {
      for (const word of (literal[1] as string).split(/[\s${}]+/)) if (/^[a-z][\w-]*$/i.test(word)) words.add(word);
    }
  }
  return words;
}

describe("Bootstrap Italia CSS", () => {
  it("styles every Bootstrap Italia class the app uses", () => {
    const whole = classesOf(readFileSync(join(bootstrapItalia, "dist/css/bootstrap-italia.min.css"), "utf8"));
    const ours = classesOf(
      compile(join(srcDir, "styles/bootstrap-italia.scss"), {
        loadPaths: [dirname(bootstrapItalia)],
        style: "compressed",
        logger: Logger.silent,
      }).css,
    );
    const used = [...wordsInStrings()].filter((word) => whole.has(word) && !NOT_CLASSES.has(word));
    // Sanity: the scan finds the classes the shells are built from.
    expect(used).toEqual(expect.arrayContaining(["btn", "modal-dialog", "it-header-wrapper", "form-control"]));
    expect(used.filter((word) => !ours.has(word)).sort()).toEqual([]);
  });
});
