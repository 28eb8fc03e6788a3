import { router } from "../../trpc";
import { createCredentials } from "./createCredentials";
import { deleteCredentials } from "./deleteCredentials";
import { listCredentials } from "./listCredentials";
import { updateCredentials } from "./updateCredentials";

export const credentialsRouter = router({
  listCredentials,
  createCredentials,
  updateCredentials,
  deleteCredentials,
});
