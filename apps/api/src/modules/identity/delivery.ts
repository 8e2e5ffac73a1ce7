import type { FastifyRequest } from "fastify";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Runs work whose outcome the caller must not be able to observe, after the answer has gone:
 * password recovery answers at once and the same way whether or not an account exists, so neither
 * the answer nor its timing tells. Failures are logged, never surfaced.
 */
export function inBackground(request: FastifyRequest, label: string, task: () => Promise<void>): void {
  setImmediate(() => {
    task().catch((error: unknown) => request.log.error({ err: error }, `${label} failed`));
  });
}
