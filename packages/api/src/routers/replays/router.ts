import { router } from "../../trpc";
import { getBotReplay } from "./getBotReplay";
import { startBotReplay } from "./startBotReplay";

export const replaysRouter = router({ startBotReplay, getBotReplay });
