import { downloadBlob } from "@/lib/downloadFile";

export interface ExportProgress {
  /** Rows received so far. */
  done: number;
  /** Rows the export holds (the server's count before the first row). */
  total: number;
}

const CR = 13;
const LF = 10;

/**
 * Downloads the results CSV through the streaming export (GET /api/v1/bots/{botId}/results-csv,
 * authenticated by the sign-in cookie), reporting progress as rows arrive: records end with CRLF,
 * so counting CRLFs counts rows (a cell holding a CRLF of its own may count twice: the figure is
 * clamped to the total).
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
  const total = Number(response.headers.get("x-total-count") ?? 0);
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "results.csv";
  const chunks: Uint8Array[] = [];
  const reader = response.body.getReader();
  let lines = 0;
  let previous = 0;
  onProgress({ done: 0, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) {
      if (byte === LF && previous === CR) lines++;
      previous = byte;
    }
    // The first line is the header.
    onProgress({ done: Math.min(total, Math.max(0, lines - 1)), total });
  }
  downloadBlob(filename, new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }));
  const finished = { done: total, total };
  onProgress(finished);
  return finished;
}
