import { router } from "../../trpc";
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
  getBotVersion,
  restoreBotVersion,
  getChatKey,
  rotateChatKey,
});
