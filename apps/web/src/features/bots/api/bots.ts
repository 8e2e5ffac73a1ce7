import type { BotMessenger, TBotAccess, TBotAccessList, TBotLink } from "@cura/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const BOTS_PER_PAGE = 10;
const botsKey = ["bots", "access"] as const;

/** GET users/bots/access: the citizen's linked chats (paged) and which messengers can be linked. */
export function botAccessQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...botsKey, page],
    queryFn: ({ signal }) =>
      api.get<TBotAccessList>(`users/bots/access?page=${page}&per_page=${BOTS_PER_PAGE}`, { signal, envelope: true }),
    placeholderData: keepPreviousData,
  });
}
export const useBotAccess = (page: number) => useQuery(botAccessQueryOptions(page));

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: botsKey }) });
}

/** POST users/bots/link: a fresh deep link (valid 15 minutes, used once). */
export const useBotLink = () =>
  useMutation({ mutationFn: (messenger: BotMessenger) => api.post<TBotLink>("users/bots/link", { messenger }) });

/** POST users/bots/status/{id} `{ active }`. */
export const useBotStatus = () =>
  useInvalidating((input: { hashid: string; active: boolean }) =>
    api.post<{ message: string; data: TBotAccess }>(
      `users/bots/status/${encodeURIComponent(input.hashid)}`,
      { active: input.active },
      { envelope: true },
    ),
  );

/** DELETE users/bots/delete/{id}. */
export const useBotDelete = () =>
  useInvalidating((hashid: string) =>
    api.delete<{ message: string }>(`users/bots/delete/${encodeURIComponent(hashid)}`, { envelope: true }),
  );

/** The chats may be linked meanwhile from the phone: the list is read again when asked. */
export const useRefreshBots = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: botsKey });
};
