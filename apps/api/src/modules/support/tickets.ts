import { SUPPORT_MESSAGES, SUPPORT_TICKETS_PER_HOUR, type TSupportTicketBody, throttled } from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../platform/auth/access.ts";
import { reserve } from "../../platform/limiter/limiter.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { currentUser } from "../identity/index.ts";
import * as repository from "./repository.ts";

/**
 * `POST utilities/ticket`: the request is stored first, then e-mailed to the support address with
 * the sender's name and address to reply to. A mail server that refuses it does not lose the
 * request (support reads the table too); the client shows success and closes the modal either way.
 */
export async function createTicket(
  ctx: ModuleContext,
  principal: Principal,
  body: TSupportTicketBody,
  log?: FastifyBaseLogger,
) {
  // Each request mails the support address: a slot is reserved first, atomically, so parallel calls
  // cannot all pass a count read before any of them was written.
  const slot = await reserve(ctx.db, {
    key: `support-ticket:${principal.userId}`,
    limit: SUPPORT_TICKETS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!slot.allowed) throw throttled(SUPPORT_MESSAGES.tooManyTickets, slot.retryAfterSeconds);
  const user = await currentUser(ctx, principal.userId);
  const name = [user.anagrafica?.name, user.anagrafica?.surname].filter(Boolean).join(" ") || user.email || "utente";
  const row = await repository.insertTicket(ctx.db, {
    userId: principal.userId,
    object: body.object,
    content: body.content,
    emailStatus: "pending",
  });
  let emailStatus: "sent" | "failed" = "sent";
  try {
    await ctx.mailer.send({
      to: ctx.config.support.email,
      subject: `Cura, richiesta di supporto: ${body.object}`,
      text: [
        `Da: ${name} <${user.email ?? "senza e-mail"}> (utente ${ctx.ids.encode(principal.userId)})`,
        `Oggetto: ${body.object}`,
        `Richiesta: ${ctx.ids.encode(row.id)}`,
        "",
        body.content,
      ].join("\n"),
    });
  } catch (error) {
    log?.error({ err: error, ticket: row.id }, "support request e-mail failed");
    emailStatus = "failed";
  }
  await repository.setTicketEmailStatus(ctx.db, row.id, emailStatus);
  return {
    message: SUPPORT_MESSAGES.sent,
    data: { hashid: ctx.ids.encode(row.id), object: body.object, created_at: row.createdAt.toISOString() },
  };
}
