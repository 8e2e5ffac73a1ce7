/** Cura runs on a supported Node.js: 24 LTS or newer (npm scripts use the one in node_modules). */
export const MINIMUM_NODE_MAJOR = 24;

/** Why this Node.js cannot run Cura, or null when it can. */
export function runtimeProblem(version: string): string | null {
  const major = Number(version.split(".")[0]);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return null;
  return (
    `Cura needs Node.js ${MINIMUM_NODE_MAJOR} or newer; this is ${version}.\n` +
    "Run it through npm (npm start, npm test), which uses the Node 24 installed in node_modules,\n" +
    "or install Node.js 24 LTS."
  );
}

export function assertSupportedRuntime(version = process.versions.node): void {
  const problem = runtimeProblem(version);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
