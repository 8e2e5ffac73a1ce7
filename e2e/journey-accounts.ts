/**
 * Citizens of their own for the journeys that change an account's password or suspend it (identity's
 * password recovery, the administrator's suspension): the demo citizens keep the demo password for
 * every other journey, whatever order the files run in.
 */
export const JOURNEY_CITIZENS = {
  passwordRecovery: { email: "recupero.password@cura.demo", name: "Chiara", surname: "Ferri", tel: "3330000091" },
  suspension: { email: "sospensione.utente@cura.demo", name: "Sara", surname: "Marini", tel: "3330000092" },
} as const;
