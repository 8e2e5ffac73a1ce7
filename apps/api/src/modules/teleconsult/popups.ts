import type { Executor } from "../../db/client.ts";
import { notifyUser } from "../notifications/index.ts";

/**
 * The teleconsult popups (spec 001 §4 Popup notifications, spec 002 §8): the action text names the
 * section it leads to (rapido, pediatrico, specialistico), which the web client reads. They are
 * pushed on the socket by the notifications module as they are written (at the commit).
 */

type Kind = "rapido" | "pediatrico" | "specialistico";

const KIND_LABEL: Record<Kind, string> = {
  rapido: "teleconsulto rapido",
  pediatrico: "teleconsulto pediatrico",
  specialistico: "teleconsulto specialistico",
};

/** The action button's text: its section word leads the web client there. */
const ACTION: Record<Kind, string> = {
  rapido: "Apri teleconsulto rapido",
  pediatrico: "Apri teleconsulto pediatrico",
  specialistico: "Apri teleconsulto specialistico",
};

/** A new request in the queue: every operator switched on at the company. */
export async function notifyOperatorsOfRequest(db: Executor, kind: Kind, operatorUserIds: number[]): Promise<void> {
  for (const userId of operatorUserIds) {
    await notifyUser(db, {
      userId,
      audience: "operator",
      title: `Nuova richiesta di ${KIND_LABEL[kind]}`,
      body: "Un cittadino attende di essere preso in carico: rispondi entro 60 minuti.",
      popup: { action: ACTION[kind], variant: "warning" },
    });
  }
}

/** Taken in charge: the citizen is told, with the start. */
export async function notifyCitizenTaken(db: Executor, userId: number, kind: Kind): Promise<void> {
  await notifyUser(db, {
    userId,
    audience: "citizen",
    title: `Il tuo ${KIND_LABEL[kind]} è stato preso in carico`,
    body: "Un operatore ha preso in carico la tua richiesta: apri il teleconsulto per collegarti.",
    popup: { action: ACTION[kind], variant: "success" },
    email: true,
  });
}

/** The operator moved the start: the citizen is told the new time (Italian time). */
export async function notifyCitizenMoved(db: Executor, userId: number, kind: Kind, start: Date): Promise<void> {
  const when = new Intl.DateTimeFormat("it-IT", {
    timeZone: "Europe/Rome",
    dateStyle: "full",
    timeStyle: "short",
  }).format(start);
  await notifyUser(db, {
    userId,
    audience: "citizen",
    title: `Il tuo ${KIND_LABEL[kind]} è stato spostato`,
    body: `Il teleconsulto inizierà ${when}.`,
    popup: { action: ACTION[kind], variant: "info" },
    email: true,
  });
}

/** The citizen withdrew a request the operator had taken in charge, before the call connected. */
export async function notifyOperatorCancelled(db: Executor, userId: number, kind: Kind): Promise<void> {
  await notifyUser(db, {
    userId,
    audience: "operator",
    title: `Il cittadino ha annullato il ${KIND_LABEL[kind]}`,
    body: "La richiesta che avevi preso in carico è stata annullata prima dell'inizio della teleconsulenza.",
    popup: { action: ACTION[kind], variant: "warning" },
  });
}

/** Nobody took it within 60 minutes. */
export async function notifyCitizenExpired(db: Executor, userId: number, kind: Kind, message: string): Promise<void> {
  await notifyUser(db, {
    userId,
    audience: "citizen",
    title: `Richiesta di ${KIND_LABEL[kind]} annullata`,
    body: message,
    popup: { action: null, variant: "danger" },
    email: true,
  });
}
