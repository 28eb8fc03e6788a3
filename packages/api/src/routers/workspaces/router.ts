import { router } from "../../trpc";
import { listWorkspaces } from "./listWorkspaces";

export const workspacesRouter = router({ listWorkspaces });
