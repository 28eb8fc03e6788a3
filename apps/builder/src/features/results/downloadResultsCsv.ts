import { z } from "zod";
import { downloadBlob } from "@/lib/downloadFile";
import { type ExportProgress, readCsvExport } from "./readCsvExport";

/** What a refused export says: the API's error body (its first issue, else its message). */
const errorBodySchema = z.object({
  message: z.string().optional(),
  issues: z.array(z.object({ message: z.string() })).optional(),
});

export type { ExportProgress };

/**
 * Downloads the results CSV through the streaming export (GET /api/v1/bots/{botId}/results-csv,
 * authenticated by the sign-in cookie), reporting progress as rows arrive (`readCsvExport`).
 */
export async function downloadResultsCsv(
  botId: string,
  query: URLSearchParams,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportProgress> {
  const response = await fetch(`/api/v1/bots/${encodeURIComponent(botId)}/results-csv?${query}`, {
    headers: { accept: "text/csv" },
    credentials: "same-origin",
    signal,
  });
  if (!response.ok || !response.body) {
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
    const body = parsed.success ? parsed.data : undefined;
    throw new Error(body?.issues?.[0]?.message ?? body?.message ?? `The export failed (${response.status})`);
  }
  const { blob, filename, progress } = await readCsvExport(response, onProgress);
  downloadBlob(filename, blob);
  return progress;
}
