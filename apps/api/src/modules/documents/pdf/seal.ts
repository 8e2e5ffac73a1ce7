import type { SigningCertificate } from "./certificate.ts";

/**
 * Seals a PDF with the platform certificate: a PAdES signature (ETSI.CAdES.detached) over the whole
 * file, added in place of a placeholder. Any later change to the bytes breaks it (pdfsig, Acrobat).
 */
export async function sealPdf(
  pdf: Buffer,
  certificate: SigningCertificate,
  info: { reason: string; name: string; location: string; signingTime: Date },
): Promise<Buffer> {
  const [{ plainAddPlaceholder }, { SignPdf }, { P12Signer }] = await Promise.all([
    import("@signpdf/placeholder-plain"),
    import("@signpdf/signpdf"),
    import("@signpdf/signer-p12"),
  ]);
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: info.reason,
    contactInfo: "",
    name: info.name,
    location: info.location,
    signingTime: info.signingTime,
    subFilter: "ETSI.CAdES.detached",
    signatureLength: 16_384,
  });
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  return Buffer.from(await new SignPdf().sign(withPlaceholder, signer, info.signingTime));
}
