import { router } from "../../trpc";
import { changePassword } from "./changePassword";
import { deleteAccount } from "./deleteAccount";

export const accountRouter = router({ changePassword, deleteAccount });
