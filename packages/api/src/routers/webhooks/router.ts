import { router } from "../../trpc";
import { createWebhook } from "./createWebhook";
import { deleteWebhook } from "./deleteWebhook";
import { listWebhookDeliveries } from "./listWebhookDeliveries";
import { listWebhooks } from "./listWebhooks";

export const webhooksRouter = router({
  listWebhooks,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
});
