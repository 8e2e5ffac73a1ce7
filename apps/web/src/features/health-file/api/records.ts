import type {
  AnamnesisCategory,
  TAnamnesisBody,
  TAnamnesisItem,
  TAnnotation,
  TAnnotationBody,
  TClinicalReport,
  THealthDocument,
  THealthRead,
  TSignedReportBody,
} from "@cura/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiPathOf } from "../../../lib/api.ts";

/** The health file's records: anamnesis, notes, reports, documents, who read the file, the IPS. */

const keys = {
  all: ["healthFile"] as const,
  anamnesis: (who: string, category: string) => ["healthFile", "anamnesis", who, category] as const,
  notes: (who: string) => ["healthFile", "notes", who] as const,
  reports: (who: string, discharge: string) => ["healthFile", "reports", who, discharge] as const,
  documents: (who: string, archived: boolean, page: number) =>
    ["healthFile", "documents", who, archived, page] as const,
  reads: (filters: ReadFilters, page: number) => ["healthFile", "reads", filters, page] as const,
  settings: ["healthFile", "reportSettings"] as const,
};

const q = (params: Record<string, string | number | boolean | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
};

// ── anamnesis ──
export function useAnamnesis(patientHash: string, category: AnamnesisCategory | "") {
  return useQuery({
    queryKey: keys.anamnesis(patientHash, category),
    queryFn: ({ signal }) =>
      api.page<TAnamnesisItem>(
        `anamnesi/users/all/${encodeURIComponent(patientHash)}${q({ category, per_page: 100 })}`,
        { signal },
      ),
    enabled: patientHash !== "",
  });
}
export function useAddAnamnesis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAnamnesisBody) => api.post<TAnamnesisItem>("anamnesi", body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "anamnesis"] }),
  });
}
export function useDeleteAnamnesis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`anamnesi/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "anamnesis"] }),
  });
}

// ── notes ──
export function useNotes(patientHash: string | null) {
  return useQuery({
    queryKey: keys.notes(patientHash ?? "own"),
    queryFn: ({ signal }) =>
      api.page<TAnnotation>(
        patientHash
          ? `annotations/users/all/${encodeURIComponent(patientHash)}?per_page=50`
          : "annotations/users/all?per_page=50",
        { signal },
      ),
  });
}
export function useSaveNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ patientHash, id, body }: { patientHash: string; id?: string; body: TAnnotationBody }) =>
      id
        ? api.put<TAnnotation>(`annotations/${encodeURIComponent(id)}`, body)
        : api.post<TAnnotation>(`annotations/${encodeURIComponent(patientHash)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "notes"] }),
  });
}
export function useDeleteNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`annotations/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "notes"] }),
  });
}

// ── reports ──
export function useReports(patientHash: string | null, discharge?: boolean) {
  return useQuery({
    queryKey: keys.reports(patientHash ?? "own", String(discharge ?? "")),
    queryFn: ({ signal }) =>
      api.page<TClinicalReport>(`clinicalreports${q({ user_id: patientHash, discharge, per_page: 50 })}`, { signal }),
  });
}
export interface ReportSettings {
  otp_required: boolean;
  upload_allowed: boolean;
  otp_cause: number;
}
export function useReportSettings(enabled: boolean) {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => api.get<ReportSettings>("clinicalreports/settings", { signal }),
    enabled,
  });
}
export function useSignReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSignedReportBody) => api.post<TClinicalReport>("clinicalreports", body),
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "reports"] }),
  });
}
export function useUploadReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      patientHash,
      title,
      discharge,
      file,
    }: {
      patientHash: string;
      title: string;
      discharge: boolean;
      file: File;
    }) => {
      const form = new FormData();
      form.append("user_id", patientHash);
      form.append("title", title);
      form.append("discharge", String(discharge));
      form.append("file", file, file.name);
      return api.post<TClinicalReport>("clinicalreports", form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "reports"] }),
  });
}
export function useSendSigningCode() {
  return useMutation({
    mutationFn: ({ me, cause }: { me: string; cause: number }) =>
      api.post<{ hashid: string; status: number; number: string }>(`otp/send/${encodeURIComponent(me)}`, { cause }),
  });
}

// ── documents ──
export function useDocuments(patientHash: string | null, archived: boolean, page: number) {
  return useQuery({
    queryKey: keys.documents(patientHash ?? "own", archived, page),
    queryFn: ({ signal }) =>
      api.page<THealthDocument>(
        patientHash
          ? `patientarchives${q({ user_id: patientHash, archived, page })}`
          : `users/own/patientarchives${q({ archived, page })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      patientHash,
      name,
      date,
      file,
    }: {
      patientHash: string | null;
      name: string;
      date: string;
      file: File;
    }) => {
      const form = new FormData();
      if (patientHash) form.append("user_id", patientHash);
      form.append("name", name);
      if (date) form.append("date", date);
      form.append("file", file, file.name);
      return api.post<THealthDocument>(patientHash ? "patientarchives" : "users/own/patientarchives", form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "documents"] }),
  });
}
export function useChangeDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api.put<THealthDocument>(`patientarchives/${encodeURIComponent(id)}`, { archived }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "documents"] }),
  });
}
export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`patientarchives/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["healthFile", "documents"] }),
  });
}

// ── who read my data ──
export interface ReadFilters {
  section: string;
  role: string;
  from: string;
  to: string;
}
export function useReads(filters: ReadFilters, page: number) {
  return useQuery({
    queryKey: keys.reads(filters, page),
    queryFn: ({ signal }) => api.page<THealthRead>(`users/own/healthreads${q({ ...filters, page })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

// ── files ──
/** Downloads with the bearer token (a plain link cannot send it) and saves the file. */
export async function downloadFile(url: string, name: string): Promise<void> {
  const blob = await api.blob(apiPathOf(url));
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function downloadIps(patientHash: string | null): Promise<void> {
  return downloadFile(`/api/v1/users/own/fhir/ips${q({ user_id: patientHash })}`, "patient-summary.json");
}

export const healthFileKeys = keys;
