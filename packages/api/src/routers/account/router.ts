import { router } from "../../trpc";
import { changePassword } from "./changePassword";

export const accountRouter = router({ changePassword });
