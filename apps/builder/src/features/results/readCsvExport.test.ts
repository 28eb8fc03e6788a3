import { describe, expect, it } from "vitest";
import { type ExportProgress, exportPercent, readCsvExport } from "./readCsvExport";

/** A streamed CSV answer as the export endpoint sends it: each string arrives as its own chunk. */
function streamedCsv(chunks: string[], headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", ...headers } });
}

describe("readCsvExport", () => {
  it("reports rows received of X-Total-Count as chunks arrive, CRLFs split across chunks included", async () => {
    const chunks = [
      "Submitted at,Name\r",
      "\n2026-01-01,Ada\r\n",
      "2026-01-02,Grace\r\n2026-01-03,Linus\r\n",
      // A cell holding a line break of its own: counted once too many, clamped to the total.
      '2026-01-04,"two\r\nlines"\r\n',
    ];
    const seen: ExportProgress[] = [];
    const { blob, filename, progress } = await readCsvExport(
      streamedCsv(chunks, {
        "x-total-count": "4",
        "content-disposition": 'attachment; filename="coffee-results.csv"',
      }),
      (update) => seen.push(update),
    );
    expect(seen.map(({ done }) => done)).toEqual([0, 0, 1, 3, 4, 4]);
    expect(seen.every(({ total }) => total === 4)).toBe(true);
    expect(seen.map((update) => `Exporting… ${exportPercent(update)}%`)).toEqual([
      "Exporting… 0%",
      "Exporting… 0%",
      "Exporting… 25%",
      "Exporting… 75%",
      "Exporting… 100%",
      "Exporting… 100%",
    ]);
    expect(progress).toEqual({ done: 4, total: 4 });
    expect(filename).toBe("coffee-results.csv");
    expect(blob.type).toBe("text/csv;charset=utf-8");
    expect(await blob.text()).toBe(chunks.join(""));
  });

  it("without a total, shows 0% until the end and names the file results.csv", async () => {
    const seen: ExportProgress[] = [];
    const { filename } = await readCsvExport(streamedCsv(["Name\r\n", "Ada\r\n"], {}), (update) =>
      seen.push(update),
    );
    expect(seen.map(exportPercent)).toEqual([0, 0, 0, 0]);
    expect(filename).toBe("results.csv");
  });
});

describe("exportPercent", () => {
  it("floors, and never passes 100", () => {
    expect(exportPercent({ done: 1, total: 3 })).toBe(33);
    expect(exportPercent({ done: 2, total: 3 })).toBe(66);
    expect(exportPercent({ done: 0, total: 100_000 })).toBe(0);
    expect(exportPercent({ done: 99_999, total: 100_000 })).toBe(99);
    expect(exportPercent({ done: 5, total: 4 })).toBe(100);
  });
});
