import { router } from "../../trpc";
import { addDomain } from "./addDomain";
import { deleteDomain } from "./deleteDomain";
import { joinWorkspace } from "./joinWorkspace";
import { listDomains } from "./listDomains";
import { listJoinableWorkspaces } from "./listJoinableWorkspaces";
import { updateDomain } from "./updateDomain";
import { verifyDomain } from "./verifyDomain";

export const domainsRouter = router({
  listDomains,
  addDomain,
  verifyDomain,
  updateDomain,
  deleteDomain,
  listJoinableWorkspaces,
  joinWorkspace,
});
