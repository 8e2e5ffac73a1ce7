import type { TBotmanReply } from "@cura/domain";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Spec 001 §9: the widget asks for its code every 0.6 s, 20 times at most. */
export const CHATBOT_POLL_MS = 600;
export const CHATBOT_POLL_ATTEMPTS = 20;

/** GET users/own/chatbot/code: retried by TanStack Query on the spec's rhythm, then given up. */
export function chatbotCodeQueryOptions() {
  return queryOptions({
    queryKey: ["chatbot", "code"] as const,
    queryFn: ({ signal }) => api.get<{ code: string }>("users/own/chatbot/code", { signal, on401: "none" }),
    retry: CHATBOT_POLL_ATTEMPTS - 1,
    retryDelay: CHATBOT_POLL_MS,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
export const useChatbotCode = () => useQuery(chatbotCodeQueryOptions());

/** POST botman. */
export function useAskChatbot() {
  return useMutation({
    mutationFn: (body: { userId: string; message: string }) => api.post<TBotmanReply>("botman", body),
  });
}
