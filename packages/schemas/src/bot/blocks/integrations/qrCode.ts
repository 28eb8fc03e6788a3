import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";

/** Typebot's one action of its `qr-code` plug-in. */
export const qrCodeAction = "Generate a QR Code";

export const qrCodeOptionsSchema = z
  .object({
    action: z.literal(qrCodeAction),
    /** Text or URL to encode; `{{variables}}` are replaced first. */
    data: textSchema,
    /** Receives the image as a `data:image/png;base64,…` URL. */
    saveUrlInVariableId: textSchema,
  })
  .partial();
export type QrCodeOptions = z.infer<typeof qrCodeOptionsSchema>;

export const qrCodeBlockSchema = blockBaseSchema.extend({
  type: z.literal("qr-code"),
  options: qrCodeOptionsSchema.optional(),
});
export type QrCodeBlock = z.infer<typeof qrCodeBlockSchema>;

export const defaultQrCodeOptions = { action: qrCodeAction } as const satisfies QrCodeOptions;

export const qrCodeBlock = defineBlock({
  type: "qr-code",
  schema: qrCodeBlockSchema,
  category: "integration",
  defaults: defaultQrCodeOptions,
  catalogue: { label: "QR code", icon: "QrCode", keywords: "qrcode barcode image" },
  getSummary: (block, context) =>
    block.options?.data
      ? withTargetVariable(context.t("generateQrCode"), block.options.saveUrlInVariableId, context)
      : null,
  settings: {
    fieldLabels: {
      action: "Action",
      data: "Data (text or URL to encode)",
      saveUrlInVariableId: "Save the QR code image URL in",
    },
  },
});
