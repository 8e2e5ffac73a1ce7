import type { FetchCall } from "./helpers.tsx";

/** The geographic lookups a form needs, answered from a tiny fixture (Lazio, Roma). */
const ROMA = {
  comune: "Roma",
  provincia: "Roma",
  sigla: "RM",
  regione: "Lazio",
  codice_catastale: "H501",
  cap: ["00118", "00119"],
  istat: "058091",
  soppresso: false,
};

export function geoAnswer(call: FetchCall): { status: number; body: unknown } | undefined {
  const path = call.url.replace(/^\/api\/v1\//, "");
  if (path === "utilities/regioni") return { status: 200, body: { data: [{ regione: "Lazio", istat: "12" }] } };
  if (path === "utilities/province/by/Lazio")
    return { status: 200, body: { data: [{ provincia: "Roma", sigla: "RM", regione: "Lazio", istat: "058" }] } };
  if (path === "utilities/comuni/by/provincia/RM") return { status: 200, body: { data: [ROMA] } };
  if (path === "utilities/comuni/by/catastale/H501") return { status: 200, body: { data: ROMA } };
  if (path.startsWith("utilities/comuni/by/catastale/"))
    return { status: 404, body: { message: "Comune non trovato" } };
  if (path === "utilities/paesi")
    return {
      status: 200,
      body: {
        data: [
          { nazione: "Italia", codice: null },
          { nazione: "Francia", codice: "Z110" },
        ],
      },
    };
  if (path === "utilities/prefissi")
    return {
      status: 200,
      body: {
        data: [
          { prefisso: "+39", flag: "🇮🇹", iso: "IT", nazione: "Italia" },
          { prefisso: "+33", flag: "🇫🇷", iso: "FR", nazione: "Francia" },
        ],
      },
    };
  return undefined;
}
