import {
  COMPANY_SUBTYPES,
  COMPANY_TYPES,
  type CompanyType,
  type OperatorStatus,
  PLATFORM_SERVICES,
  type PlatformServiceRef,
  type TClosure,
  type TCompanyCompact,
  type TCompanyListItem,
  type TCompanyService,
  type TTimeRange,
  type TWeeklyOpenings,
} from "@cura/domain";
import type { Ids } from "../../platform/ids.ts";
import type { ClosureRow } from "./openings-repository.ts";
import type { CompanyRow, CompanyServiceRow } from "./repository.ts";

/** Table rows into the contracts' shapes: no row reaches a client as it is. */

export const fileUrl = (ids: Ids, fileId: number) => `/api/v1/resources/private/${ids.encode(fileId)}`;

export function platformService(ids: Ids, ref: number) {
  return {
    hashid: ids.encode(ref),
    position_ref: ref,
    name: PLATFORM_SERVICES[ref as PlatformServiceRef] ?? `Servizio ${ref}`,
  };
}

export function companyCompact(ids: Ids, row: CompanyRow, distanceKm: number | null = null): TCompanyCompact {
  const subtype = COMPANY_SUBTYPES.find((s) => s.code === row.subtype);
  return {
    hashid: ids.encode(row.id),
    name: row.name,
    type: row.kind,
    type_label: COMPANY_TYPES[row.kind as CompanyType] ?? row.kind,
    subtype: row.subtype,
    subtype_label: subtype?.label ?? null,
    level: row.level,
    address: row.address,
    comune: row.comune,
    provincia: row.provincia,
    regione: row.regione,
    cap: row.cap,
    latitude: row.lat,
    longitude: row.lng,
    distance_km: distanceKm === null ? null : Math.round(distanceKm * 100) / 100,
    picture: row.pictureFileId ? fileUrl(ids, row.pictureFileId) : null,
  };
}

export function companyListItem(
  ids: Ids,
  row: CompanyRow,
  refs: readonly number[],
  distanceKm: number | null = null,
): TCompanyListItem {
  return {
    ...companyCompact(ids, row, distanceKm),
    email: row.email,
    phone: row.phone,
    website: row.website,
    services: refs.map((ref) => platformService(ids, ref)),
  };
}

export function companyService(ids: Ids, row: CompanyServiceRow, hasOpenings: boolean): TCompanyService {
  return {
    ...platformService(ids, row.positionRef),
    active: row.active,
    proxy_status: row.proxyStatus,
    proxy_scheduling: row.proxyScheduling,
    payed_by_company: row.payedByCompany,
    payed_by_citizen: row.payedByCitizen,
    slot_minutes: row.slotMinutes,
    capacity: row.capacity,
    has_openings: hasOpenings,
  };
}

/** PostgreSQL `time` comes back as HH:MM:SS; the contract speaks HH:MM (24:00 stays 24:00). */
export const clock = (time: string) => time.slice(0, 5);

export type HourRow = { weekday: number; opensAt: string; closesAt: string };

/** Weekly ranges by ISO weekday. */
export function weeklyMap(rows: readonly HourRow[]): Map<number, TTimeRange[]> {
  const map = new Map<number, TTimeRange[]>();
  for (const row of rows) {
    const list = map.get(row.weekday) ?? [];
    list.push({ from: clock(row.opensAt), to: clock(row.closesAt) });
    map.set(row.weekday, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.from.localeCompare(b.from));
  return map;
}

export function weeklyOpenings(map: Map<number, TTimeRange[]>, inherited: boolean, timeZone: string): TWeeklyOpenings {
  return {
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: map.get(weekday) ?? [] })),
    inherited,
    time_zone: timeZone,
  };
}

export function closure(
  ids: Ids,
  row: { closure: ClosureRow; serviceName: string | null; positionRef: number | null },
): TClosure {
  return {
    hashid: ids.encode(row.closure.id),
    date_from: row.closure.dateFrom,
    date_to: row.closure.dateTo,
    reason: row.closure.reason,
    service:
      row.closure.serviceId && row.serviceName
        ? { hashid: ids.encode(row.closure.serviceId), name: row.serviceName }
        : null,
    platform_service: row.positionRef ? platformService(ids, row.positionRef) : null,
  };
}

/** A membership's state as the operators list, the sign-in and the session read it. */
export function operatorStatusOf(row: {
  approval: "pending" | "approved" | "refused";
  active: boolean;
}): OperatorStatus {
  if (row.approval !== "approved") return row.approval;
  return row.active ? "enabled" : "suspended";
}
