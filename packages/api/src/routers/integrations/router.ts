import { router } from "../../trpc";
import { listAiModels } from "./listAiModels";
import { testBlock } from "./testBlock";

/** Builder-only procedures of the integration blocks (no REST paths). */
export const integrationsRouter = router({ listAiModels, testBlock });
