import { createHmac, timingSafeEqual } from "node:crypto";
import { notFound, SUPPORT_MESSAGES, type TBotmanReply } from "@cura/domain";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { answer } from "./faq.ts";

/**
 * The chat-bot (spec 001 §2 "Chat-bot widget", §7 "Chat-bot code", "Chat-bot server"). The widget's
 * user id is an opaque code derived from the user's key with the application secret: stable, so a
 * conversation keeps its id across pages, and never the user code nor anything that names the person.
 */
export function chatbotCode(ctx: ModuleContext, userId: number): string {
  return createHmac("sha256", ctx.config.appSecret).update(`chatbot:${userId}`).digest("base64url").slice(0, 24);
}

/**
 * `POST botman`: answers from the FAQ. The id must be the caller's own code: a conversation cannot be
 * held in someone else's name (404, as for any record that is not one's own).
 */
export function reply(
  ctx: ModuleContext,
  principal: Principal,
  body: { userId: string; message: string },
): TBotmanReply {
  const own = Buffer.from(chatbotCode(ctx, principal.userId));
  const given = Buffer.from(body.userId);
  if (own.length !== given.length || !timingSafeEqual(own, given)) throw notFound(SUPPORT_MESSAGES.chatbotUnknown);
  const found = answer(body.message);
  return { intent: found.intent, messages: [{ type: "text", text: found.text }], links: found.links };
}
