import { z } from "zod";
import { integrationsEnv } from "../env";
import {
  type DownloadedMedia,
  downloadPlatformFile,
  getPlatformJson,
  type MediaFailure,
} from "./downloadPlatformFile";

const getFileAnswerSchema = z.looseObject({
  ok: z.literal(true),
  result: z.looseObject({ file_path: z.string().min(1) }),
});

/**
 * An inbound message's file: `getFile` gives its `file_path`, downloaded from
 * `{apiUrl}/file/bot{token}/{file_path}` (the Bot API's file download). At most `maxBytes` are read.
 */
export async function fetchTelegramFile(
  botToken: string,
  fileId: string,
  options: { apiUrl?: string; maxBytes: number },
): Promise<DownloadedMedia | MediaFailure> {
  const base = (options.apiUrl ?? integrationsEnv.TELEGRAM_API_URL).replace(/\/+$/, "");
  const described = await getPlatformJson(
    `${base}/bot${botToken}/getFile?file_id=${encodeURIComponent(fileId)}`,
    { name: "Telegram (getFile)" },
  );
  if (!described.ok) return described;
  const file = getFileAnswerSchema.safeParse(described.body);
  if (!file.success)
    return { ok: false, error: "Telegram (getFile) answered without a file_path", isTooLarge: false };
  const path = file.data.result.file_path.split("/").map(encodeURIComponent).join("/");
  return downloadPlatformFile(`${base}/file/bot${botToken}/${path}`, {
    name: "Telegram (file download)",
    maxBytes: options.maxBytes,
  });
}
