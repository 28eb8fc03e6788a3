import { router } from "../../trpc";
import { createBot } from "./createBot";
import { deleteBot } from "./deleteBot";
import { duplicateBot } from "./duplicateBot";
import { getBot } from "./getBot";
import { getBotRetention } from "./getBotRetention";
import { getCustomDomain } from "./getCustomDomain";
import { getPreviewVariables } from "./getPreviewVariables";
import { importBot } from "./importBot";
import { importBots } from "./importBots";
import { isPublicIdAvailable } from "./isPublicIdAvailable";
import { listBots } from "./listBots";
import { runBotTests } from "./runBotTests";
import { updateBot } from "./updateBot";
import { verifyCustomDomain } from "./verifyCustomDomain";

export const botsRouter = router({
  listBots,
  createBot,
  importBot,
  importBots,
  getBot,
  updateBot,
  deleteBot,
  duplicateBot,
  isPublicIdAvailable,
  getCustomDomain,
  getBotRetention,
  verifyCustomDomain,
  getPreviewVariables,
  runBotTests,
});
