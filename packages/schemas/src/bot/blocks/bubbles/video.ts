import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema, numberOrVariableSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { toMediaMessage } from "../textChannel";

/** How a video URL is played: as a file, or embedded from a known host. */
export const videoSources = ["url", "youtube", "vimeo", "tiktok", "gumlet"] as const;
export const videoSourceSchema = z.enum(videoSources);
export type VideoSource = z.infer<typeof videoSourceSchema>;

export const videoBubbleContentSchema = z
  .object({
    url: textSchema,
    /** Id of the video at its host (YouTube, Vimeo, …), filled from the URL. */
    id: textSchema,
    type: videoSourceSchema,
    height: numberOrVariableSchema,
    aspectRatio: textSchema,
    maxWidth: textSchema,
    queryParamsStr: textSchema,
    areControlsDisplayed: z.boolean(),
    isAutoplayEnabled: z.boolean(),
  })
  .partial();
export type VideoBubbleContent = z.infer<typeof videoBubbleContentSchema>;

export const videoBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("video"),
  content: videoBubbleContentSchema.optional(),
});
export type VideoBubbleBlock = z.infer<typeof videoBubbleBlockSchema>;

export const defaultVideoBubbleContent = {
  height: 400,
  aspectRatio: "16/9",
  maxWidth: "100%",
  areControlsDisplayed: true,
  isAutoplayEnabled: true,
} as const satisfies VideoBubbleContent;

export const videoBubbleBlock = defineBlock({
  type: "video",
  schema: videoBubbleBlockSchema,
  category: "bubble",
  defaults: defaultVideoBubbleContent,
  catalogue: { label: "Video", icon: "Film", keywords: "youtube vimeo" },
  getSummary: (block) => block.content?.url || null,
  // Only a video file can be attached; one from YouTube, Vimeo, … is sent as its link.
  textChannel: (bubble) =>
    !bubble.content.type || bubble.content.type === "url"
      ? toMediaMessage(bubble)
      : { text: bubble.content.url ?? "" },
});
