/** Cura runs on a supported Node.js: 24 LTS or newer (npm scripts use the one in node_modules). */
export function assertSupportedRuntime(version = process.versions.node): void {
  const major = Number(version.split(".")[0]);
  if (major < 24) {
    console.error(
      `Cura needs Node.js 24 or newer; this is ${version}.\n` +
        "Run it through npm (npm start, npm test), which uses the Node 24 installed in node_modules,\n" +
        "or install Node.js 24 LTS.",
    );
    process.exit(1);
  }
}
