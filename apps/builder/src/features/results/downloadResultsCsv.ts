import { downloadBlob } from "@/lib/downloadFile";
import { type ExportProgress, readCsvExport } from "./readCsvExport";

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
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      issues?: { message: string }[];
    } | null;
    throw new Error(body?.issues?.[0]?.message ?? body?.message ?? `The export failed (${response.status})`);
  }
  const { blob, filename, progress } = await readCsvExport(response, onProgress);
  downloadBlob(filename, blob);
  return progress;
}
