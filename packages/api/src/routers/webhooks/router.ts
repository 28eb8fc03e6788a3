import { router } from "../../trpc";
import { createWebhook } from "./createWebhook";
import { deleteWebhook } from "./deleteWebhook";
import { listWebhookDeliveries } from "./listWebhookDeliveries";
import { listWebhooks } from "./listWebhooks";
import { pingWebhook } from "./pingWebhook";
import { redeliverWebhookDelivery } from "./redeliverWebhookDelivery";
import { rotateWebhookSecret } from "./rotateWebhookSecret";
import { updateWebhook } from "./updateWebhook";

export const webhooksRouter = router({
  listWebhooks,
  createWebhook,
  updateWebhook,
  rotateWebhookSecret,
  deleteWebhook,
  listWebhookDeliveries,
  redeliverWebhookDelivery,
  pingWebhook,
});
