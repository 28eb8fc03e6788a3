import { router } from "../../trpc";
import { diffBotVersions } from "./diffBotVersions";
import { getBotVersion } from "./getBotVersion";
import { getChatKey } from "./getChatKey";
import { getPublishedBot } from "./getPublishedBot";
import { listBotVersions } from "./listBotVersions";
import { publishBot } from "./publishBot";
import { restoreBotVersion } from "./restoreBotVersion";
import { rotateChatKey } from "./rotateChatKey";
import { unpublishBot } from "./unpublishBot";

export const publishingRouter = router({
  publishBot,
  unpublishBot,
  getPublishedBot,
  listBotVersions,
  // Before getBotVersion: REST paths match in this order, and /versions/diff must not read as version "diff".
  diffBotVersions,
  getBotVersion,
  restoreBotVersion,
  getChatKey,
  rotateChatKey,
});
