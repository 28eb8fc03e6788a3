export interface ExportProgress {
  /** Rows received so far. */
  done: number;
  /** Rows the export holds (the server's count before the first row). */
  total: number;
}

const CR = 13;
const LF = 10;

/** The percentage the export button shows: rows received of the total, floored; 0 until a total is known. */
export function exportPercent({ done, total }: ExportProgress): number {
  return total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
}

/**
 * Reads a streamed results CSV as it arrives, reporting progress: the total is the server's
 * `X-Total-Count` (sent before the first row); records end with CRLF, so counting CRLFs (across chunk
 * boundaries too) counts rows, the first line being the header (a cell holding a CRLF of its own may
 * count twice: the figure is clamped to the total). Ends with every row received.
 */
export async function readCsvExport(
  response: Response,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ blob: Blob; filename: string; progress: ExportProgress }> {
  if (!response.body) throw new Error("The export has no content");
  const total = Number(response.headers.get("x-total-count") ?? 0) || 0;
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
    onProgress({ done: Math.min(total, Math.max(0, lines - 1)), total });
  }
  const progress = { done: total, total };
  onProgress(progress);
  return { blob: new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }), filename, progress };
}
