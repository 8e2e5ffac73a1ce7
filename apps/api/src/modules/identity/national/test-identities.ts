import { taxCodeCheckChar } from "@cura/domain";

/**
 * The people of the embedded test identity provider (development and tests only). Maria Rossi is
 * the seeded demo citizen (apps/api/src/db/seed.ts): her identity signs her in. The others have no
 * account: their identity leads to the completion form. Tax codes are valid, check letter included.
 */
export interface TestIdentity {
  /** The provider's subject. */
  id: string;
  givenName: string;
  familyName: string;
  /** Without TINIT-; the provider sends it as `TINIT-…` (SPID style). */
  taxCode: string;
  email: string;
  gender: "female" | "male";
  /** YYYY-MM-DD. */
  birthdate: string;
  placeOfBirth: string;
  /** Shown on the provider's page, so testers know what to expect. */
  note: string;
}

const cf = (first15: string) => first15 + taxCodeCheckChar(first15);

export const TEST_IDENTITIES: readonly TestIdentity[] = [
  {
    id: "maria-rossi",
    givenName: "Maria",
    familyName: "Rossi",
    taxCode: cf("RSSMRA85M41F205"),
    email: "maria.rossi@cura.demo",
    gender: "female",
    birthdate: "1985-08-01",
    placeOfBirth: "Milano (MI)",
    note: "cittadina demo: ha già un'utenza",
  },
  {
    id: "luca-ferrari",
    givenName: "Luca",
    familyName: "Ferrari",
    taxCode: cf("FRRLCU80A01H501"),
    email: "luca.ferrari@example.it",
    gender: "male",
    birthdate: "1980-01-01",
    placeOfBirth: "Roma (RM)",
    note: "nessuna utenza: completa la registrazione",
  },
  {
    id: "chiara-romano",
    givenName: "Chiara",
    familyName: "Romano",
    taxCode: cf("RMNCHR92D45F839"),
    email: "chiara.romano@example.it",
    gender: "female",
    birthdate: "1992-04-05",
    placeOfBirth: "Napoli (NA)",
    note: "nessuna utenza: completa la registrazione",
  },
];

export const findTestIdentity = (id: string): TestIdentity | undefined => TEST_IDENTITIES.find((i) => i.id === id);

/** The claims the test provider releases: OpenID Connect standard ones plus SPID's fiscal_number. */
export function testIdentityClaims(identity: TestIdentity): Record<string, unknown> {
  return {
    sub: identity.id,
    given_name: identity.givenName,
    family_name: identity.familyName,
    email: identity.email,
    email_verified: true,
    gender: identity.gender,
    birthdate: identity.birthdate,
    fiscal_number: `TINIT-${identity.taxCode}`,
    place_of_birth: identity.placeOfBirth,
  };
}
