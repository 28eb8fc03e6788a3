import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema, fileVisibilitySchema } from "../blockBase";
import { defineBlock, withTargetVariable } from "../defineBlock";

/** Which camera a phone opens for the upload. */
export const fileInputCaptures = ["environment", "user"] as const;

export const fileInputOptionsSchema = z
  .object({
    variableId: textSchema,
    isRequired: z.boolean(),
    isMultipleAllowed: z.boolean(),
    labels: z
      .object({
        placeholder: textSchema,
        button: textSchema,
        clear: textSchema,
        skip: textSchema,
        /** `{total}` in `multiple` is replaced by the number of files. */
        success: z.object({ single: textSchema, multiple: textSchema }).partial(),
      })
      .partial(),
    /** Extensions or MIME types (`.pdf`, `image/*`). */
    allowedFileTypes: z.object({ isEnabled: z.boolean(), types: z.array(textSchema) }).partial(),
    capture: z.enum(fileInputCaptures),
    visibility: fileVisibilitySchema,
  })
  .partial();
export type FileInputOptions = z.infer<typeof fileInputOptionsSchema>;

export const fileInputBlockSchema = blockBaseSchema.extend({
  type: z.literal("file input"),
  options: fileInputOptionsSchema.optional(),
});
export type FileInputBlock = z.infer<typeof fileInputBlockSchema>;

export const defaultFileInputOptions = {
  isRequired: true,
  isMultipleAllowed: false,
  labels: {
    placeholder: "Click to upload or drag and drop",
    button: "Upload",
    clear: "Clear",
    skip: "Skip",
    success: { single: "File uploaded", multiple: "{total} files uploaded" },
  },
  allowedFileTypes: { isEnabled: false, types: [] },
  visibility: "Auto",
} as const satisfies FileInputOptions;

export const fileInputBlock = defineBlock({
  type: "file input",
  schema: fileInputBlockSchema,
  category: "input",
  texts: {
    fields: [
      "options.labels.placeholder",
      "options.labels.button",
      "options.labels.clear",
      "options.labels.skip",
      "options.labels.success.single",
      "options.labels.success.multiple",
    ],
  },
  defaults: defaultFileInputOptions,
  catalogue: { label: "File", icon: "Upload", keywords: "upload attachment" },
  getSummary: (block, context) =>
    withTargetVariable(
      context.t(block.options?.isMultipleAllowed ? "collectFiles" : "collectFile"),
      block.options?.variableId,
      context,
    ),
  settings: {
    isFieldVisible: (key, options) =>
      key === "allowedFileTypes.types" ? options.allowedFileTypes?.isEnabled === true : undefined,
  },
  textChannel: (input, t) => {
    const options = input.options ?? {};
    const types = options.allowedFileTypes?.isEnabled ? (options.allowedFileTypes.types ?? []) : [];
    const what = options.isMultipleAllowed ? t("files") : t("file");
    const request = types.length > 0 ? t("fileTypes", { request: what, types: types.join(", ") }) : what;
    if (options.isRequired !== false) return { text: request };
    return { text: t("fileSkip", { request, skip: options.labels?.skip ?? t("fileSkipLabel") }) };
  },
});
