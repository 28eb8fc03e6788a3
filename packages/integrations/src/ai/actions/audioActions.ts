import type { AiBlockResult } from "@parley/engine";
import { defaultOpenAiOptions } from "@parley/schemas";
import { type AiActionContext, errorResult, readString } from "../aiBlockContext";
import { createSpeech, createTranscription } from "../openAiAudio";
import { describeError } from "./createChatCompletion";

/** Create speech: the text read aloud, stored as an MP3 whose URL goes into a variable. */
export async function createSpeechAction(context: AiActionContext): Promise<AiBlockResult> {
  const { request, options, services } = context;
  const variableId = readString("saveUrlInVariableId" in options ? options.saveUrlInVariableId : undefined);
  const input = request
    .parseVariables(readString("input" in options ? options.input : undefined) ?? "")
    .trim();
  if (!variableId) return errorResult("Create speech: no variable to save the audio URL in");
  if (!input) return errorResult("Create speech: the text to read is empty");
  if (!services.saveGeneratedFile)
    return errorResult("Create speech: this server has no file storage for audio");
  const model = readString(options.model);
  try {
    const speech = await createSpeech(
      context.endpoint,
      {
        model: model && /tts/i.test(model) ? model : "tts-1",
        input,
        voice: readString("voice" in options ? options.voice : undefined) ?? defaultOpenAiOptions.voice,
      },
      context.call,
    );
    const url = await services.saveGeneratedFile({
      workspaceId: request.workspaceId,
      botId: request.botId,
      resultId: request.resultId,
      isPreview: request.isPreview,
      fileName: `speech-${request.block.id}.mp3`,
      contentType: speech.contentType,
      bytes: speech.bytes,
    });
    return { variableUpdates: [{ variableId, value: url }], logs: [] };
  } catch (error) {
    return errorResult("OpenAI speech failed", describeError(error));
  }
}

/** Create transcription: the recording at `url` as text. */
export async function createTranscriptionAction(context: AiActionContext): Promise<AiBlockResult> {
  const { request, options } = context;
  const variableId = readString(
    "transcriptionVariableId" in options ? options.transcriptionVariableId : undefined,
  );
  const audioUrl = request
    .parseVariables(readString("url" in options ? options.url : undefined) ?? "")
    .trim();
  if (!variableId) return errorResult("Create transcription: no variable to save the text in");
  if (!audioUrl) return errorResult("Create transcription: no recording URL");
  const model = readString(options.model);
  try {
    const text = await createTranscription(
      context.endpoint,
      {
        model: model && /whisper|transcribe/i.test(model) ? model : "whisper-1",
        audioUrl,
        workspaceId: request.workspaceId,
        readUpload: context.services.readUpload,
      },
      context.call,
    );
    return { variableUpdates: [{ variableId, value: text }], logs: [] };
  } catch (error) {
    return errorResult("OpenAI transcription failed", describeError(error));
  }
}
