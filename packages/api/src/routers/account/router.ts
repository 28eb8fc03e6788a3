import { router } from "../../trpc";
import { changePassword } from "./changePassword";
import { deleteAccount } from "./deleteAccount";
import { setInterfaceLanguage } from "./setInterfaceLanguage";

export const accountRouter = router({ changePassword, deleteAccount, setInterfaceLanguage });
