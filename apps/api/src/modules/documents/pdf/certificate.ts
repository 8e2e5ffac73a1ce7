import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type forge from "node-forge";
import type { Config } from "../../../config.ts";

/** The platform certificate (PKCS#12) that seals signed documents. */
export interface SigningCertificate {
  p12: Buffer;
  passphrase: string;
}

/**
 * SIGNING_P12 in production (required there: without it, or when it cannot be read, signing fails
 * with the spec's message); elsewhere a self-signed certificate generated at first use and kept in
 * DATA_DIR/signing.p12, so documents sealed in development verify against the same certificate after
 * a restart; in tests, one per process, in memory.
 *
 * Read once per configuration: not from disk on every signature, and two first signatures at once
 * in development do not each generate and write a different certificate.
 */
export function signingCertificate(config: Config): Promise<SigningCertificate | null> {
  let found = certificates.get(config);
  if (!found) {
    found = loadCertificate(config);
    certificates.set(config, found);
    // A failure (an unreadable file) is not kept: the next signature tries again.
    found.then(
      (certificate) => certificate ?? certificates.delete(config),
      () => certificates.delete(config),
    );
  }
  return found;
}

const certificates = new WeakMap<Config, Promise<SigningCertificate | null>>();

async function loadCertificate(config: Config): Promise<SigningCertificate | null> {
  if (config.signing.p12Path) {
    try {
      return { p12: await readFile(config.signing.p12Path), passphrase: config.signing.passphrase };
    } catch {
      return null;
    }
  }
  if (config.production) return null;
  if (config.env === "test") {
    testCertificate ??= generateSelfSigned("");
    return testCertificate;
  }
  const file = join(config.dataDir, "signing.p12");
  if (!existsSync(file)) {
    const generated = await generateSelfSigned("");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, generated.p12, { mode: 0o600 });
  }
  return { p12: await readFile(file), passphrase: "" };
}

let testCertificate: Promise<SigningCertificate> | null = null;

async function generateSelfSigned(passphrase: string): Promise<SigningCertificate> {
  const { default: forgeLib } = await import("node-forge");
  // node-forge generates with Node's own crypto when it can (fast); 2048 bits as PAdES baselines ask.
  const keys = await new Promise<forge.pki.rsa.KeyPair>((resolve, reject) =>
    forgeLib.pki.rsa.generateKeyPair({ bits: 2048, workers: -1 }, (error, pair) =>
      error ? reject(error) : resolve(pair),
    ),
  );
  const cert = forgeLib.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forgeLib.util.bytesToHex(forgeLib.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [
    { name: "commonName", value: "Cura - sigillo di sviluppo" },
    { name: "organizationName", value: "Cura" },
    { name: "countryName", value: "IT" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forgeLib.md.sha256.create());
  const asn1 = forgeLib.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: "3des" });
  return { p12: Buffer.from(forgeLib.asn1.toDer(asn1).getBytes(), "binary"), passphrase };
}
