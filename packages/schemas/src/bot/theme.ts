import { z } from "zod";

/**
 * The look of a bot. Every field is optional in the stored document: what the author did
 * not set falls back to `defaultTheme` (see `applyThemeDefaults`).
 */
export const fontTypes = ["Google", "Custom"] as const;
export const fontSchema = z.union([
  /** Legacy: a Google font family name. */
  z.string(),
  z.object({ type: z.literal("Google"), family: z.string().optional() }),
  z.object({
    type: z.literal("Custom"),
    family: z.string().optional(),
    /** URL of the font file, or CSS declaring it. */
    url: z.string().optional(),
    css: z.string().optional(),
  }),
]);
export type Font = z.infer<typeof fontSchema>;

export const backgroundTypes = ["Color", "Image", "None"] as const;
export const backgroundSchema = z
  .object({
    type: z.enum(backgroundTypes),
    /** A CSS colour or an image URL (may be a `{{variable}}`). */
    content: z.string(),
  })
  .partial();
export type Background = z.infer<typeof backgroundSchema>;

export const progressBarPlacements = ["Top", "Bottom"] as const;
export const progressBarPositions = ["fixed", "absolute"] as const;
export const progressBarSchema = z
  .object({
    isEnabled: z.boolean(),
    color: z.string(),
    backgroundColor: z.string(),
    placement: z.enum(progressBarPlacements),
    position: z.enum(progressBarPositions),
    thickness: z.number().min(0),
  })
  .partial();

export const borderRoundnesses = ["none", "medium", "large", "custom"] as const;
export const borderSchema = z
  .object({
    thickness: z.number().min(0),
    color: z.string(),
    /** Preset corner rounding; `custom` uses `customRoundeness` (px). Spelling kept for compatibility. */
    roundeness: z.enum(borderRoundnesses),
    customRoundeness: z.number().min(0),
    opacity: z.number().min(0).max(1),
  })
  .partial();
export type Border = z.infer<typeof borderSchema>;

export const shadows = ["none", "sm", "md", "lg", "xl", "2xl"] as const;

const surfaceShape = {
  backgroundColor: z.string(),
  color: z.string(),
  /** Backdrop blur, px. */
  blur: z.number().min(0),
  opacity: z.number().min(0).max(1),
  border: borderSchema,
  shadow: z.enum(shadows),
};
export const surfaceThemeSchema = z.object(surfaceShape).partial();
export const inputsThemeSchema = z.object({ ...surfaceShape, placeholderColor: z.string() }).partial();
export const containerThemeSchema = z
  .object({ ...surfaceShape, maxWidth: z.string(), maxHeight: z.string() })
  .partial();
export const avatarSchema = z.object({ isEnabled: z.boolean(), url: z.string() }).partial();

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
    customCss: z.string(),
  })
  .partial();
export type Theme = z.infer<typeof themeSchema>;
