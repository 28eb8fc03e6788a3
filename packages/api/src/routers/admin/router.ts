import { router } from "../../trpc";
import { clearHeldBot } from "./clearHeldBot";
import { listAdminWorkspaces } from "./listAdminWorkspaces";
import { listHeldBots } from "./listHeldBots";
import { updateAdminWorkspace } from "./updateAdminWorkspace";

/** The instance operators' REST (`ADMIN_EMAILS`): what the CLI does, on the same functions. */
export const adminRouter = router({ listAdminWorkspaces, updateAdminWorkspace, listHeldBots, clearHeldBot });
