import { z } from "zod";
import { DEFAULT_PHONE_PREFIX, LIMITS } from "../constants.ts";
import { AGE_MESSAGES, ageOn } from "../validation/age.ts";
import { companyCodeProblem } from "../validation/company-code.ts";
import { EMAIL_MESSAGE, ZEmail } from "../validation/email.ts";
import { PASSWORD_MESSAGES, passwordProblems } from "../validation/password.ts";
import { PHONE_MESSAGES, phoneProblem, ZPhonePrefix } from "../validation/phone.ts";
import { isValidTaxCode, normalizeTaxCode, TAX_CODE_MESSAGE } from "../validation/tax-code.ts";
import { envelope } from "./common.ts";
import { ZUser } from "./identity.ts";

/**
 * The forms of spec 000 (registration, personal record, password, consents, recovery) as zod
 * schemas: the pages validate with them and the API checks every body with the same ones.
 * Errors carry the body path (`anagrafica.cf`), so the server's 422 lands under the right field.
 */

export const REQUIRED = "Campo obbligatorio";
export const CONSENTS_MESSAGE =
  "I termini e le condizioni e l'informativa sulla privacy devono essere accettati per proseguire";
export const TITLES = ["Sig.", "Sig.ra", "Dott.", "Dott.ssa"] as const;
export const REGISTER_KINDS = ["Medici", "Dentisti", "Farmacisti", "Infermieri", "Biologi"] as const;
export const NO_PROJECT = "nessuno";

const text = (max = 120) => z.string().trim().max(max, `Al massimo ${max} caratteri`);
const optionalText = (max = 120) =>
  z
    .string()
    .trim()
    .max(max, `Al massimo ${max} caratteri`)
    .nullish()
    .transform((v) => (v ? v : null));
const requiredText = (max = 120) => text(max).min(1, REQUIRED);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, AGE_MESSAGES.invalidDate);
const optionalPhone = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || phoneProblem(v) === null, PHONE_MESSAGES.submit);

/** Every field of the personal record; which ones are required depends on who and where (below). */
export const ZAnagraficaFields = z.object({
  name: requiredText(80),
  surname: requiredText(80),
  cf: optionalText(40),
  gender: z.enum(["maschile", "femminile"]).nullish(),
  birthday: isoDate.nullish(),
  nazione_nascita: text(80).default("italia"),
  estero: z.boolean().default(false),
  regione: optionalText(),
  provincia: optionalText(),
  comune: optionalText(),
  cap: optionalText(10),
  address: optionalText(200),
  prefix: ZPhonePrefix.default(DEFAULT_PHONE_PREFIX),
  tel_number: z.string().trim().nullish(),
  home_number: optionalPhone,
  tel_number_secondary: optionalPhone,
  prefix_secondary: ZPhonePrefix.default(DEFAULT_PHONE_PREFIX),
  ts_number: optionalText(LIMITS.healthCardLength).refine(
    (v) => v === null || v.length === LIMITS.healthCardLength,
    `La tessera sanitaria ha ${LIMITS.healthCardLength} caratteri`,
  ),
  medico_base: optionalText(),
  denominazione_asl: optionalText(200),
  title: z.enum(TITLES).nullish(),
  id_albo: optionalText(30)
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine(
      (v) => v === null || /^[A-Z]{2}/.test(v),
      "Il numero di iscrizione all'albo inizia con la sigla della provincia",
    ),
  tipo_albo: z.enum(REGISTER_KINDS).nullish(),
  specializzazione: optionalText(),
});
export type TAnagraficaFields = z.infer<typeof ZAnagraficaFields>;

type Issue = { path: (string | number)[]; message: string };

/** The rules of spec 000 §5 that span several fields of the personal record. */
export function anagraficaIssues(
  a: TAnagraficaFields,
  options: { userType: 0 | 1 | 2; ageMessage: string; today?: string },
): Issue[] {
  const issues: Issue[] = [];
  const citizen = options.userType === 0;
  if (citizen && !a.estero) {
    if (!a.cf) issues.push({ path: ["cf"], message: REQUIRED });
    else if (!isValidTaxCode(a.cf)) issues.push({ path: ["cf"], message: TAX_CODE_MESSAGE });
  } else if (a.cf && !isValidTaxCode(a.cf)) {
    issues.push({ path: ["cf"], message: TAX_CODE_MESSAGE });
  }
  if (citizen) {
    if (!a.birthday) issues.push({ path: ["birthday"], message: REQUIRED });
    else {
      const age = ageOn(a.birthday, options.today);
      if (age === null) issues.push({ path: ["birthday"], message: AGE_MESSAGES.invalidDate });
      else if (age < LIMITS.minimumAgeYears) issues.push({ path: ["birthday"], message: options.ageMessage });
    }
  }
  // Step 2: residence. Region only for residents in Italy; CAP of 5 digits only in Italy.
  if (!a.estero && !a.regione) issues.push({ path: ["regione"], message: REQUIRED });
  for (const field of ["provincia", "comune", "address", "cap"] as const) {
    if (!a[field]) issues.push({ path: [field], message: REQUIRED });
  }
  if (!a.estero && a.cap && !/^\d{5}$/.test(a.cap)) issues.push({ path: ["cap"], message: "Il CAP ha 5 cifre" });
  if (!a.tel_number) issues.push({ path: ["tel_number"], message: REQUIRED });
  else {
    const problem = phoneProblem(a.tel_number);
    if (problem) issues.push({ path: ["tel_number"], message: problem });
  }
  if (options.userType === 1 && !a.id_albo) issues.push({ path: ["id_albo"], message: REQUIRED });
  return issues;
}

/** Tax codes are stored normalised: upper case, without TINIT-. */
export function normalizeAnagrafica<T extends TAnagraficaFields>(a: T): T {
  return { ...a, cf: a.cf ? normalizeTaxCode(a.cf) : null };
}

/** The consent flags as sent to change them: no defaults, an absent flag stays as it is. */
const consentFlags = {
  data_consense: z.boolean(),
  share_consense: z.boolean(),
  charge_consense: z.boolean(),
  notification_consense: z.boolean(),
  marketing_consense: z.boolean(),
};

/** The consent flags of a new account, with the spec's defaults (000 §3). */
const consentFields = {
  data_consense: consentFlags.data_consense.default(false),
  share_consense: consentFlags.share_consense.default(false),
  charge_consense: consentFlags.charge_consense.default(false),
  notification_consense: consentFlags.notification_consense.default(true),
  marketing_consense: consentFlags.marketing_consense.default(true),
};

export const ZRegisterBody = z
  .object({
    email: ZEmail,
    password: z.string().max(LIMITS.passwordMaxLength),
    password_confirmation: z.string().max(LIMITS.passwordMaxLength),
    type: z.union([z.literal(0), z.literal(1)]),
    project: z.string().max(64).default(NO_PROJECT),
    company_code: z.string().trim().max(40).nullish(),
    anagrafica: ZAnagraficaFields,
    ...consentFields,
  })
  .superRefine((body, ctx) => {
    for (const issue of anagraficaIssues(body.anagrafica, {
      userType: body.type,
      ageMessage: AGE_MESSAGES.registration,
    })) {
      ctx.addIssue({ code: "custom", path: ["anagrafica", ...issue.path], message: issue.message });
    }
    for (const message of passwordProblems(body.password, body.anagrafica)) {
      ctx.addIssue({ code: "custom", path: ["password"], message });
    }
    if (body.password !== body.password_confirmation) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: PASSWORD_MESSAGES.confirmation });
    }
    // Only the form of the code is checked here; whether it names a company, the server says.
    const codeProblem = body.type === 1 ? companyCodeProblem(body.company_code ?? "") : null;
    if (codeProblem) ctx.addIssue({ code: "custom", path: ["company_code"], message: codeProblem });
    if (!body.data_consense || !body.share_consense || !body.charge_consense) {
      ctx.addIssue({ code: "custom", path: ["data_consense"], message: CONSENTS_MESSAGE });
    }
  });
export type TRegisterBody = z.input<typeof ZRegisterBody>;

/** Completion after SPID or CIE: no password; address and CAP inside the personal record. */
export const ZRegisterByIdentityBody = z
  .object({
    email: ZEmail,
    type: z.literal(0).default(0),
    project: z.string().max(64).default(NO_PROJECT),
    anagrafica: ZAnagraficaFields,
    /** The identity provider's token that /spid/verify or /cie/verify answered 404 for. */
    token: z.string().min(1).max(4096),
    /** Express acceptance of articles 2, 7, 8, 10, 12 of the terms (spec 000 §5). */
    articles_consense: z.boolean().default(false),
    ...consentFields,
  })
  .superRefine((body, ctx) => {
    for (const issue of anagraficaIssues(body.anagrafica, { userType: 0, ageMessage: AGE_MESSAGES.registration })) {
      const message =
        issue.path[0] === "tel_number" && issue.message !== REQUIRED ? PHONE_MESSAGES.full : issue.message;
      ctx.addIssue({ code: "custom", path: ["anagrafica", ...issue.path], message });
    }
    if (!body.data_consense || !body.share_consense || !body.charge_consense || !body.articles_consense) {
      ctx.addIssue({ code: "custom", path: ["data_consense"], message: CONSENTS_MESSAGE });
    }
  });
export type TRegisterByIdentityBody = z.input<typeof ZRegisterByIdentityBody>;

export const ZSessionResponse = envelope(z.object({ token: z.string(), user: ZUser }));

export const ZChangePasswordBody = z
  .object({
    old_password: z.string().min(1, PASSWORD_MESSAGES.oldRequired).max(1024),
    password: z.string().max(LIMITS.passwordMaxLength),
    password_confirmation: z.string().max(LIMITS.passwordMaxLength),
  })
  .superRefine((body, ctx) => {
    for (const message of passwordProblems(body.password))
      ctx.addIssue({ code: "custom", path: ["password"], message });
    if (body.password === body.old_password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_MESSAGES.sameAsOld });
    }
    if (body.password !== body.password_confirmation) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: PASSWORD_MESSAGES.confirmation });
    }
  });

export const ZPasswordForgetBody = z.object({ email: z.string().trim().max(320) });
export const ZPasswordForgetCfBody = z.object({ cf: z.string().trim().max(40), second: z.boolean().optional() });
export const ZPasswordResetBody = z
  .object({
    username: z.string().trim().max(320).optional(),
    email: z.string().trim().max(320).optional(),
    token: z.string().min(1).max(512),
    password: z.string().max(LIMITS.passwordMaxLength),
    password_confirmation: z.string().max(LIMITS.passwordMaxLength),
  })
  .superRefine((body, ctx) => {
    if (!body.username && !body.email) ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_MESSAGE });
    for (const message of passwordProblems(body.password))
      ctx.addIssue({ code: "custom", path: ["password"], message });
    if (body.password !== body.password_confirmation) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: PASSWORD_MESSAGES.confirmation });
    }
  });

// Partial updates take the flags without defaults: zod 4 applies a default inside .partial(), which
// would silently reset every flag the client did not send.
export const ZConsentsBody = z.object(consentFlags).partial();

export const ZSessionTimeout = z
  .number()
  .int()
  .refine(
    (v) => v === 0 || (v >= LIMITS.sessionTimeoutMinutes.min && v <= LIMITS.sessionTimeoutMinutes.max),
    `Il timeout di sessione va da ${LIMITS.sessionTimeoutMinutes.min} a ${LIMITS.sessionTimeoutMinutes.max} minuti (0: fino al logout)`,
  );

/** PUT users/{id}: the settings a user changes on themselves. */
export const ZUpdateUserBody = z
  .object({ session_timeout_minutes: ZSessionTimeout, resource: z.string().max(64).nullable() })
  .extend(consentFlags)
  .partial();

export const ZPushTokenBody = z.object({
  token: z.string().min(1).max(4096),
  client: z.string().max(16).default("web"),
});
export const ZProfilePictureBody = z.object({ resource: z.string().min(1).max(64) });
export const ZIdentityVerifyBody = z.object({ token: z.string().min(1).max(4096) });

/** One-time codes (spec 001 §4): cause 1 is phone verification. */
export const OTP_CAUSES = { phoneVerification: 1 } as const;
export const OTP_STATUS = {
  sent: 0,
  systemError: -1,
  verified: 1,
  wrong: 2,
  expired: 3,
  alreadyVerified: 4,
  deleted: 5,
} as const;
export const OTP_LIMITS = { digits: 6, validitySeconds: 299, sendsPerHour: 3, wrongAttempts: 5 } as const;

export const ZOtpSendBody = z.object({
  cause: z.number().int().min(1).max(99),
  validatable_id: z.string().max(64).nullish(),
  secondary: z.boolean().optional(),
});
export const ZOtpSendResponse = envelope(
  z.object({ hashid: z.string(), status: z.number().int(), number: z.string() }),
);
export const ZOtpVerifyBody = z.object({
  hashid: z.string().min(1).max(64),
  code: z.string().regex(/^\d{6}$/, "Il codice ha 6 cifre"),
});
export const ZOtpVerifyResponse = envelope(z.object({ status: z.number().int() }));
export const ZNumberVerificationBody = z.object({ verified: z.literal(true) });

/** The masked number of an OTP answer: first digit, stars, last two. */
export function maskPhone(number: string): string {
  if (number.length <= 3) return "*".repeat(number.length);
  return `${number[0]}${"*".repeat(number.length - 3)}${number.slice(-2)}`;
}
