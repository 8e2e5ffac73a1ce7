import type { AdminBookingSection, TAdminBooking } from "@cura/domain";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";

/** The administrator's `prenotazioni`: GET admin/reservations, its XLS, and the companies to filter on. */

export interface AdminBookingsQuery {
  section: AdminBookingSection;
  company: string;
  status: string;
  from: string;
  to: string;
  q: string;
  page: number;
}

const keys = {
  list: (query: AdminBookingsQuery) => ["admin-bookings", "list", query] as const,
  companies: ["admin-bookings", "companies"] as const,
};

function params(query: AdminBookingsQuery) {
  return {
    section: query.section,
    company: query.company || undefined,
    status: query.status || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    q: query.q || undefined,
  };
}

export function useAdminBookings(query: AdminBookingsQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) =>
      api.page<TAdminBooking>("admin/reservations", { signal, query: { ...params(query), page: query.page } }),
    placeholderData: keepPreviousData,
  });
}

/** The companies of the filter (the first hundred by name). */
export function useBookingCompanies() {
  return useQuery({
    queryKey: keys.companies,
    queryFn: ({ signal }) =>
      api.page<{ hashid: string; name: string }>("companies", { signal, query: { per_page: 100, sort: "name" } }),
    staleTime: 60_000,
  });
}

/** GET admin/reservations?export=xls: the whole filtered list as a workbook. */
export function useExportAdminBookings() {
  return useMutation({
    mutationFn: async (query: AdminBookingsQuery) =>
      saveBlob(
        await api.blob("admin/reservations", { query: { ...params(query), export: "xls" } }),
        `prenotazioni-${query.section}-${new Date().toISOString().slice(0, 10)}.xlsx`,
      ),
  });
}
