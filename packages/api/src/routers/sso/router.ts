import { router } from "../../trpc";
import { deleteWorkspaceSso } from "./deleteWorkspaceSso";
import { getWorkspaceSso } from "./getWorkspaceSso";
import { updateWorkspaceSso } from "./updateWorkspaceSso";

export const ssoRouter = router({ getWorkspaceSso, updateWorkspaceSso, deleteWorkspaceSso });
