import { z } from "zod";
import { downloadBlob } from "@/lib/downloadFile";

/** What a refused request says: the API's error body (its issues, else its message). */
const errorBodySchema = z.object({
  message: z.string().optional(),
  issues: z.array(z.object({ message: z.string() })).optional(),
});

const importReportSchema = z.object({
  updated: z.number(),
  unchanged: z.number(),
  unknownPlaces: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export type TranslationFileFormat = "xliff" | "csv";

const pathOf = (botId: string, language: string, format: TranslationFileFormat) =>
  `/api/v1/bots/${encodeURIComponent(botId)}/translations/${encodeURIComponent(language)}?format=${format}`;

async function readErrors(response: Response): Promise<string[]> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  const body = parsed.success ? parsed.data : undefined;
  const issues = body?.issues?.map((issue) => issue.message) ?? [];
  return issues.length > 0 ? issues : [body?.message ?? `The request failed (${response.status})`];
}

/** A request the API refused, with each of its issues. */
export class TranslationRequestError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(issues[0]);
    this.issues = issues;
  }
}

/** Downloads a language's translations (GET /bots/{botId}/translations/{language}, the sign-in cookie). */
export async function downloadTranslations(botId: string, language: string, format: TranslationFileFormat) {
  const response = await fetch(pathOf(botId, language, format), { credentials: "same-origin" });
  if (!response.ok) throw new TranslationRequestError(await readErrors(response));
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename =
    /filename="([^"]+)"/.exec(disposition)?.[1] ??
    `translations-${language}.${format === "csv" ? "csv" : "xlf"}`;
  downloadBlob(filename, await response.blob());
}

/** Imports an edited file into the draft (PUT /bots/{botId}/translations/{language}). */
export async function uploadTranslations(botId: string, language: string, file: File): Promise<ImportReport> {
  const format: TranslationFileFormat = /\.csv$/i.test(file.name) ? "csv" : "xliff";
  const response = await fetch(pathOf(botId, language, format), {
    method: "PUT",
    credentials: "same-origin",
    headers: { "content-type": format === "csv" ? "text/csv" : "application/xliff+xml" },
    body: await file.text(),
  });
  if (!response.ok) throw new TranslationRequestError(await readErrors(response));
  return importReportSchema.parse(await response.json());
}
