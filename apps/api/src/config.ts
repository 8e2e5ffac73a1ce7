import { z } from "zod";

const bool = z.stringbool().default(false);

/**
 * Everything configurable comes from the environment, checked once at start. Every key has a
 * default so that `npm start` runs on a fresh machine with no environment at all.
 */
const ZEnvironment = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Bounds on every wait for PostgreSQL (docs/reliability.md), so that a database that is down or
   * stalled answers 503 instead of hanging requests: opening a connection or waiting for a free one
   * in the pool, one statement on the server, one query seen from here (a little longer than the
   * statement's, so the server's own cancellation normally arrives first and leaves the connection usable).
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(12_000),
  /**
   * Load shedding: at most this many requests wait for a pooled connection; one more is answered 503
   * "sovraccarico" at once. A waiter the pool cannot serve within the connect timeout gets a 503
   * anyway, and a pool of 10 on a healthy database serves well over 1,000 acquisitions in those 2 s;
   * bench:bookings' 200 clients, whose slot reads run three queries at once, never have more than
   * about 590 waiting. It is a stalled or slow database that would let the queue grow without end
   * (docs/reliability.md, Slow database).
   */
  DATABASE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * Realtime sockets (docs/realtime.md): how often their sessions are checked (a token revoked on any
   * instance closes its sockets within this), and how often they are pinged (one silent for two
   * pings is dropped).
   */
  REALTIME_SESSION_CHECK_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  /**
   * The teleconsultation's ICE servers (JSON array of RTCIceServer without credentials; default none: on one
   * network host candidates suffice, and no third party's STUN server is called unless configured), and the secret shared with coturn (`use-auth-secret`, `static-auth-secret`)
   * for the short-lived TURN credentials given at join: `username` = expiry:user, `credential` =
   * base64(HMAC-SHA1(secret, username)). No secret: no TURN credentials are handed out.
   */
  ICE_SERVERS: z.string().default("[]"),
  TURN_SECRET: z.string().min(16).optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(7200),
  /** The longest a request may take from routing to answer (503 after it). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * The longest a streamed download (the back office's XLS exports) may last once it has started; until
   * it starts, REQUEST_TIMEOUT_MS holds as for any request (platform/downloads.ts).
   */
  DOWNLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(14_400_000).default(1_800_000),
  HASHIDS_ALPHABET: z
    .string()
    .min(16)
    .refine((s) => new Set(s).size === s.length, "HASHIDS_ALPHABET must not repeat characters")
    .default("k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt"),
  HASHIDS_MIN_LENGTH: z.coerce.number().int().min(4).max(32).default(8),
  /** 32-byte key, base64, for files encrypted at rest. Required in production. */
  FILES_ENCRYPTION_KEY: z.string().optional(),
  /** Secret for signed links (e-mail verification). Required in production. */
  APP_SECRET: z.string().min(32).optional(),
  STORAGE_DIR: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Cura <noreply@cura.local>"),
  CORS_ORIGINS: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Demo data on an empty database: on by default outside production, refused in production (below). */
  SEED_DEMO: z.stringbool().optional(),
  BRAND: z.enum(["cura", "cura-pro"]).default("cura"),
  /** The reports page (issue 14): an external dashboard shown instead of each native one, in a sandboxed frame. */
  REPORTS_EMBED_URL_1: z.url().optional(),
  REPORTS_EMBED_URL_2: z.url().optional(),
  REPORTS_EMBED_URL_3: z.url().optional(),
  /**
   * SPID and CIE through OpenID Connect (authorization code + PKCE). Each provider may name its own
   * broker; one broker serving both is configured by giving both the same issuer. Unset: the
   * embedded test identity provider where dev tools exist (never in production), else unavailable.
   */
  SPID_ISSUER: z.url().optional(),
  SPID_CLIENT_ID: z.string().min(1).optional(),
  SPID_CLIENT_SECRET: z.string().min(1).optional(),
  CIE_ISSUER: z.url().optional(),
  CIE_CLIENT_ID: z.string().min(1).optional(),
  CIE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Web Push (VAPID, RFC 8292): base64url keys as web-push prints them (public 65 bytes, private 32).
   * Unset outside production: generated once under DATA_DIR (in memory in tests). Required in production.
   */
  VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
  VAPID_SUBJECT: z.string().default("mailto:supporto@cura.local"),
  /** Delay between the three attempts to deliver one push message. */
  PUSH_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /**
   * The platform certificate that seals signed documents (PAdES): a PKCS#12 file and its passphrase.
   * Unset outside production: a self-signed one generated once under DATA_DIR (in memory in tests).
   * Required in production to sign (signing answers an error without it).
   */
  SIGNING_P12: z.string().min(1).optional(),
  SIGNING_P12_PASSPHRASE: z.string().default(""),
  /** Where support requests (POST utilities/ticket) are e-mailed. */
  SUPPORT_EMAIL: z.string().default("supporto@cura.local"),
  /** The manuals linked when none is registered; default: the PDFs built from docs/manuali. */
  MANUAL_FALLBACK_URL_IT: z.string().default("/manuali/manuale-it.pdf"),
  MANUAL_FALLBACK_URL_EN: z.string().default("/manuali/manuale-en.pdf"),
  /**
   * Messenger bots (reminders by Telegram and WhatsApp; notifications/bots). A messenger is enabled
   * when its keys are given; without them, development and tests use a loopback into the dev outbox,
   * and production says the messenger is not available. Telegram: the bot's token and @username
   * (BotFather), and the secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token. WhatsApp
   * (Cloud API): the access token, the phone number id, the business number (digits, for wa.me
   * links), the app secret (X-Hub-Signature-256) and the webhook's verify token.
   */
  TELEGRAM_BOT_TOKEN: z.string().min(20).optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{5,32}$/)
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/)
    .optional(),
  TELEGRAM_API_URL: z.url().default("https://api.telegram.org"),
  WHATSAPP_TOKEN: z.string().min(20).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/).optional(),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{8,15}$/)
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(16).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16).optional(),
  WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v21.0"),
  /**
   * WhatsApp refuses free text to a number that has not written in the last 24 hours: reminders to it
   * go as this pre-approved template (its name as registered in WhatsApp Manager, and its language),
   * with the reminder's four body parameters (docs/deploy.md). Unset: such reminders are skipped.
   */
  WHATSAPP_REMINDER_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/)
    .optional(),
  WHATSAPP_REMINDER_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/)
    .default("it"),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnvironment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && (!e.FILES_ENCRYPTION_KEY || !e.APP_SECRET)) {
    throw new Error("Invalid configuration: FILES_ENCRYPTION_KEY and APP_SECRET are required in production");
  }
  if (production && e.SEED_DEMO === true) {
    // The demo accounts (administrators included) share a password printed in the README and at start.
    throw new Error(
      "Invalid configuration: SEED_DEMO=true is not allowed in production (the demo accounts share a published password); remove it or set SEED_DEMO=false",
    );
  }
  const filesKey = Buffer.from(e.FILES_ENCRYPTION_KEY ?? devKey("files"), "base64");
  if (filesKey.length !== 32) throw new Error("Invalid configuration: FILES_ENCRYPTION_KEY must be 32 bytes, base64");
  return {
    env: e.NODE_ENV,
    production,
    /** The dev outbox and its page exist only outside production. */
    devTools: !production,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
    },
    databaseQueueLimit: e.DATABASE_QUEUE_LIMIT,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    downloadTimeoutMs: e.DOWNLOAD_TIMEOUT_MS,
    realtime: { sessionCheckMs: e.REALTIME_SESSION_CHECK_MS, heartbeatMs: e.REALTIME_HEARTBEAT_MS },
    webrtc: {
      iceServers: parseIceServers(e.ICE_SERVERS),
      turnSecret: e.TURN_SECRET ?? null,
      turnTtlSeconds: e.TURN_TTL_SECONDS,
    },
    hashids: { alphabet: e.HASHIDS_ALPHABET, minLength: e.HASHIDS_MIN_LENGTH },
    filesKey,
    appSecret: e.APP_SECRET ?? devKey("app"),
    storageDir: e.STORAGE_DIR ?? `${e.DATA_DIR}/files`,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    corsOrigins:
      e.CORS_ORIGINS?.split(",")
        .map((o) => o.trim())
        .filter(Boolean) ?? [],
    bodyLimit: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    seedDemo: e.SEED_DEMO ?? !production,
    brand: e.BRAND,
    reports: { embedUrls: [e.REPORTS_EMBED_URL_1, e.REPORTS_EMBED_URL_2, e.REPORTS_EMBED_URL_3] },
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT,
      retryDelayMs: e.PUSH_RETRY_DELAY_MS,
    },
    signing: { p12Path: e.SIGNING_P12 ?? null, passphrase: e.SIGNING_P12_PASSPHRASE },
    support: {
      email: e.SUPPORT_EMAIL,
      manualFallback: { it: e.MANUAL_FALLBACK_URL_IT, en: e.MANUAL_FALLBACK_URL_EN },
    },
    bots: botsConfig(e, production),
    /** The configured OpenID Connect broker per national identity; null: embedded (dev) or none. */
    nationalIdentity: {
      spid: identityBroker("SPID", e.SPID_ISSUER, e.SPID_CLIENT_ID, e.SPID_CLIENT_SECRET, production),
      cie: identityBroker("CIE", e.CIE_ISSUER, e.CIE_CLIENT_ID, e.CIE_CLIENT_SECRET, production),
    },
  };
}

export interface IdentityBrokerConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function identityBroker(
  name: string,
  issuer: string | undefined,
  clientId: string | undefined,
  clientSecret: string | undefined,
  production: boolean,
): IdentityBrokerConfig | null {
  if (!issuer) {
    if (clientId || clientSecret)
      throw new Error(`Invalid configuration: ${name}_CLIENT_* given without ${name}_ISSUER`);
    return null;
  }
  if (!clientId || !clientSecret) {
    throw new Error(`Invalid configuration: ${name}_ISSUER needs ${name}_CLIENT_ID and ${name}_CLIENT_SECRET`);
  }
  if (production && !issuer.startsWith("https://")) {
    throw new Error(`Invalid configuration: ${name}_ISSUER must be an https URL in production`);
  }
  // Kept exactly as given: it must equal the issuer of the broker's discovery document.
  return { issuer, clientId, clientSecret };
}

/**
 * Each messenger: "live" with its keys, "loopback" (the dev outbox, fixed development secrets) where
 * dev tools exist, else null (not available). Half a configuration is refused at start.
 */
function botsConfig(e: z.infer<typeof ZEnvironment>, production: boolean) {
  const telegramKeys = [e.TELEGRAM_BOT_TOKEN, e.TELEGRAM_BOT_USERNAME, e.TELEGRAM_WEBHOOK_SECRET];
  const whatsappKeys = [
    e.WHATSAPP_TOKEN,
    e.WHATSAPP_PHONE_NUMBER_ID,
    e.WHATSAPP_NUMBER,
    e.WHATSAPP_APP_SECRET,
    e.WHATSAPP_VERIFY_TOKEN,
  ];
  if (telegramKeys.some(Boolean) && !telegramKeys.every(Boolean)) {
    throw new Error(
      "Invalid configuration: TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME and TELEGRAM_WEBHOOK_SECRET go together",
    );
  }
  if (whatsappKeys.some(Boolean) && !whatsappKeys.every(Boolean)) {
    throw new Error(
      "Invalid configuration: WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_NUMBER, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN go together",
    );
  }
  const telegram = e.TELEGRAM_BOT_TOKEN
    ? {
        mode: "live" as const,
        token: e.TELEGRAM_BOT_TOKEN,
        username: e.TELEGRAM_BOT_USERNAME as string,
        webhookSecret: e.TELEGRAM_WEBHOOK_SECRET as string,
        apiUrl: e.TELEGRAM_API_URL.replace(/\/$/, ""),
      }
    : production
      ? null
      : {
          mode: "loopback" as const,
          token: "",
          username: "cura_dev_bot",
          webhookSecret: "cura-development-telegram-webhook-secret",
          apiUrl: e.TELEGRAM_API_URL.replace(/\/$/, ""),
        };
  const whatsapp = e.WHATSAPP_TOKEN
    ? {
        mode: "live" as const,
        token: e.WHATSAPP_TOKEN,
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID as string,
        number: e.WHATSAPP_NUMBER as string,
        appSecret: e.WHATSAPP_APP_SECRET as string,
        verifyToken: e.WHATSAPP_VERIFY_TOKEN as string,
        apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ""),
      }
    : production
      ? null
      : {
          mode: "loopback" as const,
          token: "",
          phoneNumberId: "0",
          number: "390000000000",
          appSecret: "cura-development-whatsapp-app-secret",
          verifyToken: "cura-development-whatsapp-verify-token",
          apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ""),
        };
  const reminderTemplate = e.WHATSAPP_REMINDER_TEMPLATE
    ? { name: e.WHATSAPP_REMINDER_TEMPLATE, language: e.WHATSAPP_REMINDER_TEMPLATE_LANGUAGE }
    : null;
  return { telegram, whatsapp: whatsapp && { ...whatsapp, reminderTemplate } };
}
export type BotsConfig = ReturnType<typeof botsConfig>;

/** Development-only fixed keys: fine for local data, refused in production above. */
function devKey(purpose: string): string {
  return Buffer.from(`cura-development-${purpose}-key-0000000000000000`.slice(0, 32)).toString("base64");
}

/** ICE_SERVERS: a JSON array of `{ urls, username?, credential? }`; refused at start when it is not. */
function parseIceServers(text: string): { urls: string | string[]; username?: string; credential?: string }[] {
  const servers = z
    .array(
      z.object({
        urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
        username: z.string().optional(),
        credential: z.string().optional(),
      }),
    )
    .safeParse(
      (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })(),
    );
  if (!servers.success) throw new Error("Invalid configuration: ICE_SERVERS must be a JSON array of ICE servers");
  return servers.data;
}
