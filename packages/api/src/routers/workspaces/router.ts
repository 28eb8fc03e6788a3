import { router } from "../../trpc";
import { createWorkspace } from "./createWorkspace";
import { deleteWorkspace } from "./deleteWorkspace";
import { getWorkspace } from "./getWorkspace";
import { listWorkspaces } from "./listWorkspaces";
import { updateWorkspace } from "./updateWorkspace";

export const workspacesRouter = router({
  listWorkspaces,
  createWorkspace,
  getWorkspace,
  updateWorkspace,
  deleteWorkspace,
});
