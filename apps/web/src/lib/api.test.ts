import { describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, signInAs } from "../test/helpers.tsx";
import { ApiError, api, apiRequest, setApiNavigator, setServerErrors, unauthorizedOutcome } from "./api.ts";
import { session } from "./session.ts";

describe("unauthorizedOutcome (spec 000 §4)", () => {
  it("signs out and goes to /login on a plain 401", () => {
    expect(unauthorizedOutcome(new ApiError(401, "Accesso richiesto"), "redirect")).toEqual({
      to: "/login",
      signOut: true,
    });
  });
  it("keeps the session and goes to the verification pages when e-mail or phone is unverified", () => {
    expect(unauthorizedOutcome(new ApiError(401, "x", "email_not_verified"), "redirect")).toEqual({
      to: "/email/verify/invalid",
      signOut: false,
    });
    expect(unauthorizedOutcome(new ApiError(401, "x", "phone_not_verified"), "session")).toEqual({
      to: "/number/verify",
      signOut: false,
    });
  });
  it("sends a disabled account to /disabled", () => {
    expect(unauthorizedOutcome(new ApiError(401, "x", "user_disabled"), "session")).toEqual({
      to: "/disabled",
      signOut: true,
    });
  });
  it("leaves the 401 to the caller when asked", () => {
    expect(unauthorizedOutcome(new ApiError(401, "x"), "none")).toBeNull();
  });
});

describe("apiRequest", () => {
  it("sends the bearer token and JSON, and returns the envelope's data", async () => {
    signInAs(makeUser());
    const { calls } = mockFetch(() => ({ status: 200, body: { data: { ok: 1 } } }));
    await expect(api.post("things", { a: 1 }, { query: { client: "web", empty: "" } })).resolves.toEqual({ ok: 1 });
    expect(calls[0]?.url).toBe("/api/v1/things?client=web");
    expect(calls[0]?.headers.Authorization).toBe("Bearer test-token-0123456789");
    expect(calls[0]?.headers["Content-Type"]).toBe("application/json");
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it("throws an ApiError with the body's message, code and field errors", async () => {
    mockFetch(() => ({
      status: 422,
      body: { message: "Dati non validi", errors: { "anagrafica.cf": ["Codice fiscale non valido"] } },
    }));
    const error = await apiRequest("things").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: "Dati non validi",
      errors: { "anagrafica.cf": ["Codice fiscale non valido"] },
    });
  });

  it("uses the catalogue's message when the body has none", async () => {
    mockFetch(() => ({ status: 403 }));
    await expect(apiRequest("things")).rejects.toMatchObject({
      status: 403,
      message: "Non hai i permessi per questa operazione",
    });
  });

  it("on a 401 clears the stored user and goes to /login", async () => {
    signInAs(makeUser());
    const navigate = vi.fn();
    setApiNavigator(navigate);
    mockFetch(() => ({ status: 401, body: { message: "Accesso richiesto" } }));
    await expect(apiRequest("things")).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith("/login");
    expect(session.get().user).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
    expect(window.localStorage.getItem("token")).toBeNull();
  });

  it("on a 401 for an unverified e-mail keeps the user and goes to the e-mail page", async () => {
    signInAs(makeUser());
    const navigate = vi.fn();
    setApiNavigator(navigate);
    mockFetch(() => ({
      status: 401,
      body: { message: "Indirizzo e-mail non verificato", code: "email_not_verified" },
    }));
    await expect(apiRequest("things")).rejects.toMatchObject({ code: "email_not_verified" });
    expect(navigate).toHaveBeenCalledWith("/email/verify/invalid");
    expect(session.get().user).not.toBeNull();
  });

  it("reports a network failure as status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(apiRequest("things")).rejects.toMatchObject({ status: 0, code: "network_error" });
  });
});

describe("setServerErrors", () => {
  it("puts field errors on the form's fields and returns the others", () => {
    const setError = vi.fn();
    const error = new ApiError(422, "Dati non validi", undefined, {
      email: ["E-mail non valida"],
      other: ["Altro", "errore"],
    });
    const result = setServerErrors<{ email: string }>(error, setError, ["email"]);
    expect(setError).toHaveBeenCalledWith(
      "email",
      { type: "server", message: "E-mail non valida" },
      { shouldFocus: true },
    );
    expect(result).toEqual({ placed: 1, rest: ["Altro errore"] });
  });
});
