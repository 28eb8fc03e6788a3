import { router } from "../../trpc";
import { getWebhookTestCall } from "./getWebhookTestCall";
import { listAiModels } from "./listAiModels";
import { listGoogleSheets } from "./listGoogleSheets";
import { testAiAgent } from "./testAiAgent";
import { testBlock } from "./testBlock";

/** Builder-only procedures of the integration blocks (no REST paths). */
export const integrationsRouter = router({
  getWebhookTestCall,
  listAiModels,
  listGoogleSheets,
  testAiAgent,
  testBlock,
});
