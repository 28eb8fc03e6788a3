import { router } from "../../trpc";
import { listBotCollaborators } from "./listBotCollaborators";
import { listSharedBots } from "./listSharedBots";
import { removeBotCollaborator } from "./removeBotCollaborator";
import { revokeBotInvitation } from "./revokeBotInvitation";
import { shareBot } from "./shareBot";
import { updateBotCollaborator } from "./updateBotCollaborator";

export const collaboratorsRouter = router({
  listBotCollaborators,
  shareBot,
  updateBotCollaborator,
  removeBotCollaborator,
  revokeBotInvitation,
  listSharedBots,
});
