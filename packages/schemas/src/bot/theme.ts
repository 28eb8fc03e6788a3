import { z } from "zod";
import { textSchema } from "../text";

/**
 * The look of a bot. Every field is optional in the stored document: what the author did
 * not set falls back to `defaultTheme` (see `applyThemeDefaults`).
 */
export const fontTypes = ["Google", "Custom"] as const;
export const fontSchema = z.union([
  /** Legacy: a Google font family name. */
  textSchema,
  z.object({ type: z.literal("Google"), family: textSchema.optional() }),
  z.object({
    type: z.literal("Custom"),
    family: textSchema.optional(),
    /** URL of the font file, or CSS declaring it. */
    url: textSchema.optional(),
    css: textSchema.optional(),
  }),
]);
export type Font = z.infer<typeof fontSchema>;

export const backgroundTypes = ["Color", "Image", "None"] as const;
export const backgroundSchema = z
  .object({
    type: z.enum(backgroundTypes),
    /** A CSS colour or an image URL (may be a `{{variable}}`). */
    content: textSchema,
  })
  .partial();
export type Background = z.infer<typeof backgroundSchema>;

export const progressBarPlacements = ["Top", "Bottom"] as const;
export const progressBarPositions = ["fixed", "absolute"] as const;
export const progressBarSchema = z
  .object({
    isEnabled: z.boolean(),
    color: textSchema,
    backgroundColor: textSchema,
    placement: z.enum(progressBarPlacements),
    position: z.enum(progressBarPositions),
    thickness: z.number().min(0),
  })
  .partial();

export const borderRoundnesses = ["none", "medium", "large", "custom"] as const;
export const borderSchema = z
  .object({
    thickness: z.number().min(0),
    color: textSchema,
    /** Preset corner rounding; `custom` uses `customRoundeness` (px). Spelling kept for compatibility. */
    roundeness: z.enum(borderRoundnesses),
    customRoundeness: z.number().min(0),
    opacity: z.number().min(0).max(1),
  })
  .partial()
  .meta({ id: "Border" });
export type Border = z.infer<typeof borderSchema>;

export const shadows = ["none", "sm", "md", "lg", "xl", "2xl"] as const;

const surfaceShape = {
  backgroundColor: textSchema,
  color: textSchema,
  /** Backdrop blur, px. */
  blur: z.number().min(0),
  opacity: z.number().min(0).max(1),
  border: borderSchema,
  shadow: z.enum(shadows),
};
export const surfaceThemeSchema = z.object(surfaceShape).partial().meta({ id: "SurfaceTheme" });
export const inputsThemeSchema = z.object({ ...surfaceShape, placeholderColor: textSchema }).partial();
export const containerThemeSchema = z
  .object({ ...surfaceShape, maxWidth: textSchema, maxHeight: textSchema })
  .partial();
export const avatarSchema = z.object({ isEnabled: z.boolean(), url: textSchema }).partial();

export const chatThemeSchema = z
  .object({
    container: containerThemeSchema,
    hostAvatar: avatarSchema,
    guestAvatar: avatarSchema,
    hostBubbles: surfaceThemeSchema,
    guestBubbles: surfaceThemeSchema,
    buttons: surfaceThemeSchema,
    inputs: inputsThemeSchema,
    /** Layout of choice buttons; no option yet. */
    buttonsInput: z.object({}),
  })
  .partial();

export const generalThemeSchema = z
  .object({ font: fontSchema, background: backgroundSchema, progressBar: progressBarSchema })
  .partial();

export const themeSchema = z
  .object({
    general: generalThemeSchema,
    chat: chatThemeSchema,
    /** CSS injected into the chat widget (scoped to it). */
    customCss: textSchema,
  })
  .partial()
  .meta({ id: "Theme" });
export type Theme = z.infer<typeof themeSchema>;
