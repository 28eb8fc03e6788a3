import { router } from "../../trpc";
import { diffBotVersions } from "./diffBotVersions";
import { getBotVersion } from "./getBotVersion";
import { getCanaryRelease } from "./getCanaryRelease";
import { getChatKey } from "./getChatKey";
import { getPublishedBot } from "./getPublishedBot";
import { listBotVersions } from "./listBotVersions";
import { promoteCanaryRelease } from "./promoteCanaryRelease";
import { publishBot } from "./publishBot";
import { restoreBotVersion } from "./restoreBotVersion";
import { rollBackCanaryRelease } from "./rollBackCanaryRelease";
import { rotateChatKey } from "./rotateChatKey";
import { unpublishBot } from "./unpublishBot";
import { updateCanaryRelease } from "./updateCanaryRelease";

export const publishingRouter = router({
  publishBot,
  unpublishBot,
  getCanaryRelease,
  updateCanaryRelease,
  promoteCanaryRelease,
  rollBackCanaryRelease,
  getPublishedBot,
  listBotVersions,
  // Before getBotVersion: REST paths match in this order, and /versions/diff must not read as version "diff".
  diffBotVersions,
  getBotVersion,
  restoreBotVersion,
  getChatKey,
  rotateChatKey,
});
