import { describe, expect, it } from "vitest";
import { taxCodeCheckChar } from "../validation/tax-code.ts";
import { CONSENTS_MESSAGE, maskPhone, ZConsentsBody, ZRegisterBody, ZUpdateUserBody } from "./identity-forms.ts";

const citizen = {
  email: "Anna.Verdi@Example.it",
  password: "Prenota-2026!",
  password_confirmation: "Prenota-2026!",
  type: 0 as const,
  anagrafica: {
    name: "Anna",
    surname: "Verdi",
    cf: `tinit-vrdnna90a41f205${taxCodeCheckChar("VRDNNA90A41F205").toLowerCase()}`,
    birthday: "1990-01-01",
    regione: "Lombardia",
    provincia: "MI",
    comune: "Milano",
    cap: "20121",
    address: "Via Roma 1",
    tel_number: "3331234567",
  },
  data_consense: true,
  share_consense: true,
  charge_consense: true,
};

const errorsOf = (body: unknown) => {
  const result = ZRegisterBody.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
};

describe("registration body", () => {
  it("accepts a complete citizen and lower-cases the e-mail", () => {
    const result = ZRegisterBody.safeParse(citizen);
    expect(result.success ? result.data.email : result.error.issues).toBe("anna.verdi@example.it");
  });
  it("puts each failure under its body path", () => {
    const errors = errorsOf({
      ...citizen,
      password_confirmation: "x",
      anagrafica: {
        ...citizen.anagrafica,
        cf: "RSSMRA80A01H501A",
        birthday: "2015-01-01",
        cap: "201",
        tel_number: "0612",
      },
      charge_consense: false,
    });
    expect(errors["anagrafica.cf"]).toEqual(["codice fiscale non valido"]);
    expect(errors["anagrafica.birthday"]).toEqual(["L'età minima per la registrazione è 14 anni"]);
    expect(errors["anagrafica.cap"]).toEqual(["Il CAP ha 5 cifre"]);
    expect(errors["anagrafica.tel_number"]).toBeDefined();
    expect(errors.password_confirmation).toEqual(["Le password non coincidono"]);
    expect(errors.data_consense).toEqual([CONSENTS_MESSAGE]);
  });
  it("does not need a tax code or region for a resident abroad", () => {
    const errors = errorsOf({
      ...citizen,
      anagrafica: { ...citizen.anagrafica, cf: null, estero: true, regione: null, cap: "75001A" },
    });
    expect(errors).toEqual({});
  });
  it("asks operators for the company code and register id, not for a tax code", () => {
    const errors = errorsOf({ ...citizen, type: 1, anagrafica: { ...citizen.anagrafica, cf: null, birthday: null } });
    expect(Object.keys(errors).sort()).toEqual(["anagrafica.id_albo", "company_code"]);
  });
});

describe("maskPhone", () => {
  it("shows the first digit and the last two", () => {
    expect(maskPhone("3331234567")).toBe("3*******67");
  });
});

describe("partial updates", () => {
  it("leave the consent flags that were not sent untouched", () => {
    expect(ZConsentsBody.parse({ marketing_consense: false })).toEqual({ marketing_consense: false });
    expect(ZUpdateUserBody.parse({ session_timeout_minutes: 10 })).toEqual({ session_timeout_minutes: 10 });
  });
});
