/**
 * Where a device's readings come from. The device-gateway interface has two implementations: the
 * simulator (demo and tests: plausible readings every twelve hours since the last update) and the
 * CSV import, the real path (the export of the vendor's app, imported by an operator).
 */
export interface DeviceReading {
  /** The parameter by LOINC code. */
  loinc: string;
  value: number;
  measuredAt: Date;
}

export interface DeviceRef {
  productCode: string;
  /** LOINC codes of the parameters enabled on this device. */
  loincs: string[];
}

export interface DeviceGateway {
  readings(device: DeviceRef, since: Date | null, now: Date): Promise<DeviceReading[]>;
}

/** Typical values per LOINC code for the simulator, around which readings vary. */
const TYPICAL: Record<string, { base: number; spread: number; decimals: number }> = {
  "8480-6": { base: 132, spread: 18, decimals: 0 },
  "8462-4": { base: 84, spread: 10, decimals: 0 },
  "8867-4": { base: 74, spread: 12, decimals: 0 },
  "59408-5": { base: 96, spread: 2, decimals: 0 },
  "29463-7": { base: 78, spread: 1.5, decimals: 1 },
  "2339-0": { base: 110, spread: 25, decimals: 0 },
};

const STEP_MS = 12 * 3_600_000;
const FIRST_WINDOW_MS = 7 * 86_400_000;

/** A small deterministic generator, so the same device and time always give the same reading. */
function noise(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return ((h >>> 0) % 10_000) / 10_000 - 0.5;
}

export const simulatorGateway: DeviceGateway = {
  async readings(device, since, now) {
    const start = Math.max(since?.getTime() ?? 0, now.getTime() - FIRST_WINDOW_MS);
    const first = Math.ceil(start / STEP_MS) * STEP_MS;
    const out: DeviceReading[] = [];
    for (let at = first; at <= now.getTime(); at += STEP_MS) {
      for (const loinc of device.loincs) {
        const typical = TYPICAL[loinc];
        if (!typical) continue;
        const raw = typical.base + 2 * typical.spread * noise(`${device.productCode}:${loinc}:${at}`);
        const factor = 10 ** typical.decimals;
        out.push({ loinc, value: Math.round(raw * factor) / factor, measuredAt: new Date(at) });
      }
    }
    return out;
  },
};

/** No vendor gateway answers yet: asking for an update imports nothing. */
const noGateway: DeviceGateway = {
  async readings() {
    return [];
  },
};

/**
 * The gateway behind `GET .../measurements/update/{id}`: the simulator outside production (demo and
 * tests); in production none, so made-up readings never reach a real health file or the alert job
 * (the CSV import stays the real path).
 */
export function updateGateway(config: { production: boolean }): DeviceGateway {
  return config.production ? noGateway : simulatorGateway;
}

export class CsvFormatError extends Error {
  readonly line: number;
  constructor(line: number) {
    super(`Riga ${line} non valida`);
    this.line = line;
  }
}

/**
 * The vendor export: a header line, then `loinc;value;measured_at` (ISO 8601 with offset), commas or
 * semicolons, decimal points or commas (Italian exports use `;` and `,`).
 */
export function parseDeviceCsv(text: string): DeviceReading[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const readings: DeviceReading[] = [];
  lines.forEach((line, index) => {
    if (index === 0 && /loinc/i.test(line)) return;
    const separator = line.includes(";") ? ";" : ",";
    const [loinc, rawValue, rawAt] = line.split(separator).map((cell) => cell.trim().replace(/^"|"$/g, ""));
    const value = Number((rawValue ?? "").replace(",", "."));
    const measuredAt = new Date(rawAt ?? "");
    if (!loinc || !/^\d{1,7}-\d$/.test(loinc) || !Number.isFinite(value) || Number.isNaN(measuredAt.getTime())) {
      throw new CsvFormatError(index + 1);
    }
    readings.push({ loinc, value, measuredAt });
  });
  return readings;
}

/**
 * The CSV import as a gateway: every reading of the export for an enabled parameter, up to now (an
 * export may repeat readings already imported: they are skipped when stored).
 */
export function csvGateway(text: string): DeviceGateway {
  const all = parseDeviceCsv(text);
  return {
    async readings(device, _since, now) {
      return all.filter((r) => device.loincs.includes(r.loinc) && r.measuredAt <= now);
    },
  };
}
