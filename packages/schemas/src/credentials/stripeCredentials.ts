import { z } from "zod";
import { secretSchema } from "./credentialsFields";
import { defineCredentials } from "./defineCredentials";

const stripeKeyPairSchema = z.object({ secretKey: secretSchema, publicKey: secretSchema });
export const stripeCredentialsDataSchema = z.object({
  live: stripeKeyPairSchema,
  /** Used by preview chats when present. */
  test: stripeKeyPairSchema.optional(),
});

/** A Stripe account's keys for payment inputs. */
export const stripeCredentials = defineCredentials({
  type: "stripe",
  schema: stripeCredentialsDataSchema,
  label: "Stripe",
  fields: {
    live: { label: "Live keys" },
    "live.secretKey": { label: "Live secret key", isSecret: true, placeholder: "sk_live_…" },
    "live.publicKey": { label: "Live publishable key", placeholder: "pk_live_…" },
    test: { label: "Test keys", hint: "Test keys are used in previews." },
    "test.secretKey": { label: "Test secret key", isSecret: true, placeholder: "sk_test_…" },
    "test.publicKey": { label: "Test publishable key", placeholder: "pk_test_…" },
  },
});
