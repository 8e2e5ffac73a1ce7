import { createHmac } from "node:crypto";
import type { TIceServer } from "@cura/domain";

/**
 * The ICE servers handed to a member at join. A configured TURN server (`turn:`/`turns:` urls without
 * a credential) gets short-lived credentials in coturn's REST scheme (`use-auth-secret`): the username
 * is `<expiry unix seconds>:<user>`, the credential base64(HMAC-SHA1(secret, username)). coturn checks
 * both with the shared secret alone, so nothing is stored and a leaked credential dies at its expiry.
 */
export function iceServersFor(
  config: { iceServers: TIceServer[]; turnSecret: string | null; turnTtlSeconds: number },
  user: string,
  now: Date,
): TIceServer[] {
  const expiry = Math.floor(now.getTime() / 1000) + config.turnTtlSeconds;
  return config.iceServers.map((server) => {
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    const isTurn = urls.some((url) => /^turns?:/.test(url));
    if (!isTurn || server.credential || !config.turnSecret) return server;
    const username = `${expiry}:${user}`;
    return { ...server, username, credential: turnCredential(config.turnSecret, username) };
  });
}

export function turnCredential(secret: string, username: string): string {
  return createHmac("sha1", secret).update(username).digest("base64");
}
