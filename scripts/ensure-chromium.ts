import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The journeys drive Debian's Chromium (no browser download from a test tool). Install it when it
 * is missing and we can (root with apt-get); otherwise stop and say how.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  const apt = existsSync("/usr/bin/apt-get");
  if (!root || !apt) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's chromium package (sudo apt-get install chromium)\n` +
        "or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.",
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser journeys…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  if (!existsSync(CHROMIUM)) {
    console.error("Installing chromium did not provide /usr/bin/chromium.");
    process.exit(1);
  }
}
