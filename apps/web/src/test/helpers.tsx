import type { TUser } from "@cura/domain";
import { render } from "@testing-library/react";
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from "react-router";
import { vi } from "vitest";
import { AppRoutes } from "../app/AppRoutes.tsx";
import { AppProviders, createQueryClient } from "../app/providers.tsx";
import { createAppRoutes } from "../app/routes.tsx";
import { session } from "../lib/session.ts";
import { STORAGE_KEYS } from "../lib/storage.ts";

const AREA = { 0: "cittadino", 1: "operatore", 2: "admin" } as const;

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  const type = overrides.type ?? 0;
  return {
    hashid: "u1",
    email: "mario.rossi@example.com",
    username: "mrossi",
    type,
    i_am: AREA[type],
    number_verified_at: "2025-01-01T10:00:00.000Z",
    email_verified_at: "2025-01-01T10:00:00.000Z",
    all_consenses: true,
    temporary_password: false,
    expired_password: 0,
    profile_pic: null,
    session_timeout_minutes: 0,
    anagrafica: {
      regione: null,
      provincia: null,
      comune: null,
      cap: null,
      address: null,
      name: "Mario",
      surname: "Rossi",
      cf: null,
      gender: null,
      birthday: null,
      ts_number: null,
      prefix: "+39",
      tel_number: "3331234567",
      home_number: null,
      tel_number_secondary: null,
      prefix_secondary: "+39",
      medico_base: null,
      denominazione_asl: null,
      title: null,
      id_albo: null,
      tipo_albo: null,
      specializzazione: null,
      nazione_nascita: "italia",
      estero: false,
    },
    permessi: [],
    company: null,
    my_company: null,
    operator_status: null,
    push_token: null,
    data_consense: true,
    share_consense: true,
    charge_consense: true,
    notification_consense: true,
    marketing_consense: true,
    ...overrides,
  };
}

/** Puts a signed-in session in local storage, as a previous login would have. */
export function signInAs(user: TUser, token = "test-token-0123456789"): void {
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  session.reload();
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: FetchCall) => { status: number; body?: unknown } | undefined;

/**
 * Replaces fetch: each call goes to `respond`; unanswered calls get a 404. `users/fresh/me` answers
 * with the stored user unless `respond` says otherwise.
 */
export function mockFetch(respond: Responder = () => undefined) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: FetchCall = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    let answer = respond(call);
    if (!answer && call.url.startsWith("/api/v1/users/fresh/me")) {
      const user = session.get().user;
      answer = user ? { status: 200, body: { data: user } } : { status: 401, body: { message: "Accesso richiesto" } };
    }
    answer ??= { status: 404, body: { message: "Risorsa non trovata" } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fn);
  return { fn, calls };
}

/** Renders the whole app (route table, guard, shells) at `path`, in memory. */
/**
 * The whole app at `path`, routed as in the browser (app/AppRoutes.tsx) in memory. `router` reads
 * where the app is (`router.state.location`) and moves it (`router.navigate`), as a test would.
 */
export function renderApp(path: string) {
  let navigate: NavigateFunction | null = null;
  const router = {
    state: { location: { pathname: path, search: "", hash: "", state: null, key: "default" } as Location },
    navigate: async (to: string) => {
      if (!navigate) throw new Error("The app has not rendered yet");
      await navigate(to);
    },
  };
  function RouterProbe() {
    router.state.location = useLocation();
    navigate = useNavigate();
    return null;
  }
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe />
        <AppRoutes routes={createAppRoutes()} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
