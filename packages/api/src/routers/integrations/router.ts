import { router } from "../../trpc";
import { listAiModels } from "./listAiModels";
import { listGoogleSheets } from "./listGoogleSheets";
import { testBlock } from "./testBlock";

/** Builder-only procedures of the integration blocks (no REST paths). */
export const integrationsRouter = router({ listAiModels, listGoogleSheets, testBlock });
