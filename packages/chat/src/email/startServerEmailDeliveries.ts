import { startEmailDeliveries } from "@parley/integrations/email/emailSendJob";
import { createUploadReader } from "@parley/integrations/files/fetchFile";
import type { Logger } from "@parley/platform/logger";
import { getUploadSettings } from "../core/files/getUploadSettings";

/**
 * This process's share of the queued e-mails (`email.send`): e-mail blocks' messages, with their
 * attachments read from the server's uploads when the job runs, and the platform's own e-mails.
 * Returns the stop function.
 */
export function startServerEmailDeliveries(logger: Logger): () => void {
  return startEmailDeliveries(logger, { readUpload: createUploadReader(getUploadSettings()) });
}
