import { api, apiPathOf } from "../../../lib/api.ts";

/** Downloads an archive file with the bearer token (a plain link cannot send it) and saves it. */
export async function downloadArchiveFile(file: { url: string; name: string }): Promise<void> {
  const blob = await api.blob(apiPathOf(file.url));
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
