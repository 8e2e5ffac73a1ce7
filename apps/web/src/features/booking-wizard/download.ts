import { api, apiPathOf } from "../../lib/api.ts";

/** Downloads a private file with the bearer token (a plain link cannot send it) under its name. */
export async function downloadFile(url: string, name: string): Promise<void> {
  const blob = await api.blob(apiPathOf(url));
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
