import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The journeys drive Debian's Chromium (no browser download from a test tool). Install it when it
 * is missing and we can (root with apt-get); otherwise stop and say how.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The signed documents' tests check PAdES seals with poppler's pdfsig (issue 10). */
export const PDFSIG = "/usr/bin/pdfsig";

const missing = [...(existsSync(CHROMIUM) ? [] : ["chromium"]), ...(existsSync(PDFSIG) ? [] : ["poppler-utils"])];
if (missing.length > 0) {
  const root = process.getuid?.() === 0;
  const apt = existsSync("/usr/bin/apt-get");
  if (!root || !apt) {
    console.error(
      `Missing: ${missing.join(", ")}. Install Debian's packages (sudo apt-get install ${missing.join(" ")});\n` +
        "for Chromium you may instead set CHROMIUM_PATH to a Chromium or Chrome binary. Then run npm test again.",
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(" and ")} for the browser journeys and the signed PDF checks…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", ...missing], { stdio: "inherit", env });
  if (!existsSync(CHROMIUM) || !existsSync(PDFSIG)) {
    console.error("Installing the packages did not provide /usr/bin/chromium and /usr/bin/pdfsig.");
    process.exit(1);
  }
}
