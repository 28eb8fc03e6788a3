import { z } from "zod";
import { elevenLabsCredentials } from "../../../credentials/elevenLabsCredentials";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { getPluginFieldVisibility } from "./pluginOptions";

/** The one action of Typebot's `elevenlabs` plug-in. */
export const elevenLabsActions = ["Convert text to speech"] as const;
export const elevenLabsActionSchema = z.enum(elevenLabsActions);

export const elevenLabsOptionsSchema = z
  .object({
    credentialsId: textSchema,
    action: elevenLabsActionSchema,
    /** What is read aloud (`{{variables}}` replaced). */
    text: textSchema,
    /** The voice (its id in ElevenLabs' voice library). */
    voiceId: textSchema,
    /** The model (`eleven_multilingual_v2`…); ElevenLabs' default when empty. */
    modelId: textSchema,
    /** Receives the URL of the stored MP3, for an audio bubble to play. */
    saveUrlInVariableId: textSchema,
  })
  .partial();
export type ElevenLabsOptions = z.infer<typeof elevenLabsOptionsSchema>;

export const elevenLabsBlockSchema = blockBaseSchema.extend({
  type: z.literal("elevenlabs"),
  options: elevenLabsOptionsSchema.optional(),
});
export type ElevenLabsBlock = z.infer<typeof elevenLabsBlockSchema>;

export const defaultElevenLabsOptions = {
  action: "Convert text to speech",
} as const satisfies ElevenLabsOptions;

export const elevenLabsBlock = defineBlock({
  type: "elevenlabs",
  schema: elevenLabsBlockSchema,
  category: "integration",
  credentials: elevenLabsCredentials,
  defaults: defaultElevenLabsOptions,
  catalogue: {
    label: "ElevenLabs",
    icon: "AudioLines",
    keywords: "text to speech voice audio tts elevenlabs",
  },
  getSummary: (block, context) => (block.options?.text ? context.t("convertTextToSpeech") : null),
  settings: {
    fieldLabels: {
      action: "Action",
      text: "Text",
      voiceId: "Voice ID",
      modelId: "Model ID",
      saveUrlInVariableId: "Save the audio URL in",
    },
    isFieldVisible: getPluginFieldVisibility(
      { "Convert text to speech": ["text", "voiceId", "modelId", "saveUrlInVariableId"] },
      defaultElevenLabsOptions.action,
    ),
  },
});
