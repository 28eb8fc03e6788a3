import type { BubbleBlockType } from "@parley/schemas";
import type { ComponentType } from "react";
import { AudioBubble, audioType } from "./AudioBubble";
import type { BubbleProps } from "./bubbleProps";
import { CustomEmbedBubble, customEmbedType } from "./CustomEmbedBubble";
import { EmbedBubble, embedType } from "./EmbedBubble";
import { ImageBubble, imageType } from "./ImageBubble";
import { TextBubble, textType } from "./TextBubble";
import { VideoBubble, videoType } from "./VideoBubble";

/**
 * The component of each bubble kind, and of plug-ins' custom embeds. Keyed by the kinds the block
 * definitions declare: a kind without a component, or a component for another kind's bubble, is a
 * type error. Each component module names the kind it renders; the definitions stay out of the embed bundle.
 */
export const bubbleComponents: {
  [T in BubbleBlockType | typeof customEmbedType]: ComponentType<BubbleProps<T>>;
} = {
  [textType]: TextBubble,
  [imageType]: ImageBubble,
  [videoType]: VideoBubble,
  [audioType]: AudioBubble,
  [embedType]: EmbedBubble,
  [customEmbedType]: CustomEmbedBubble,
};
