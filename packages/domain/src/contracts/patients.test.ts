import { describe, expect, it } from "vitest";
import { AGE_MESSAGES } from "../validation/age.ts";
import { TAX_CODE_MESSAGE, taxCodeCheckChar } from "../validation/tax-code.ts";
import { PATIENT_MESSAGES, ZPatientBookingBody, ZPatientRegisterBody, ZPatientStateBody } from "./patients.ts";

const cf = (first15: string) => first15 + taxCodeCheckChar(first15);
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("ZPatientRegisterBody", () => {
  const valid = { name: "Luca", surname: "Verdi", cf: cf("VRDLCU80A01F205"), tel_number: "3351234567" };

  it("accepts the minimum, normalising the tax code and empty optional fields", () => {
    const parsed = ZPatientRegisterBody.parse({ ...valid, cf: ` tinit-${valid.cf.toLowerCase()} `, email: "" });
    expect(parsed).toMatchObject({ cf: valid.cf, email: null, birthday: null, prefix: "+39", ts_number: null });
  });

  it("reports every field at once", () => {
    const result = ZPatientRegisterBody.safeParse({
      name: "",
      surname: "Verdi",
      cf: "ABC",
      tel_number: "02",
      email: "x",
    });
    expect(Object.keys(errorsOf(result)).sort()).toEqual(["cf", "email", "name", "tel_number"]);
    expect(errorsOf(result).cf).toBe(TAX_CODE_MESSAGE);
  });

  it("refuses minors, future birth dates and a birth date the tax code contradicts", () => {
    expect(errorsOf(ZPatientRegisterBody.safeParse({ ...valid, cf: cf("VRDLCU15A01F205") })).birthday).toBe(
      AGE_MESSAGES.registration,
    );
    expect(errorsOf(ZPatientRegisterBody.safeParse({ ...valid, birthday: "1980-01-02" })).birthday).toBe(
      PATIENT_MESSAGES.birthdayMismatch,
    );
    expect(errorsOf(ZPatientRegisterBody.safeParse({ ...valid, birthday: "2999-01-01" })).birthday).toBe(
      PATIENT_MESSAGES.birthdayFuture,
    );
  });
});

describe("ZPatientBookingBody", () => {
  it("needs a slot for a future booking and service, date and time for a past one", () => {
    expect(errorsOf(ZPatientBookingBody.safeParse({ health_service: "abc" }))).toEqual({
      start: PATIENT_MESSAGES.slotRequired,
    });
    expect(errorsOf(ZPatientBookingBody.safeParse({ past: true }))).toEqual({
      health_service: PATIENT_MESSAGES.serviceRequired,
      date: PATIENT_MESSAGES.dateRequired,
      time: PATIENT_MESSAGES.timeRequired,
    });
    expect(
      ZPatientBookingBody.safeParse({ health_service: "abc", past: true, date: "2026-11-20", time: "09:00" }).success,
    ).toBe(true);
    expect(
      errorsOf(ZPatientBookingBody.safeParse({ health_service: "abc", past: true, date: "2026-11-20", time: "9:00" }))
        .time,
    ).toBeDefined();
  });
});

describe("ZPatientStateBody", () => {
  it("needs something to change", () => {
    expect(ZPatientStateBody.safeParse({}).success).toBe(false);
    expect(ZPatientStateBody.safeParse({ consent: true }).success).toBe(true);
  });
});
