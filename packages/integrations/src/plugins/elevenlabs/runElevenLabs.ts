import type { PluginBlockResult } from "@parley/engine";
import type { ElevenLabsBlock } from "@parley/schemas";
import { elevenLabsCredentials } from "@parley/schemas/credentials";
import { readWorkspaceCredentials } from "../../credentials/workspaceCredentials";
import { callServiceApiForBytes, describeServiceRefusal, isSuccessStatus } from "../callServiceApi";
import { errorLog, logsOnly, type PluginContext, successLog } from "../pluginContext";

/** Speech for a chat turn is far smaller; a longer answer is refused rather than stored. */
const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/**
 * `elevenlabs`, Convert text to speech: `POST {apiUrl}/v1/text-to-speech/{voiceId}` (`xi-api-key`) with
 * `{text, model_id}`, the MP3 it answers stored in the server's file storage and its URL saved to the block's
 * variable, for an audio bubble to play.
 */
export async function runElevenLabs(
  block: ElevenLabsBlock,
  context: PluginContext,
): Promise<PluginBlockResult> {
  const options = block.options ?? {};
  if (!options.credentialsId) return logsOnly(errorLog("ElevenLabs block has no account; skipped"));
  const voiceId = options.voiceId?.trim();
  if (!voiceId) return logsOnly(errorLog("ElevenLabs: no voice ID; skipped"));
  const text = options.text?.trim();
  if (!text) return logsOnly(errorLog("ElevenLabs: the text to read is empty; skipped"));
  if (!options.saveUrlInVariableId)
    return logsOnly(errorLog("ElevenLabs: no variable to save the audio URL in; skipped"));
  if (!context.saveGeneratedFile)
    return logsOnly(errorLog("ElevenLabs: this server has no file storage for audio; skipped"));
  const credentials = await readWorkspaceCredentials(context.getPrisma(), {
    workspaceId: context.request.workspaceId,
    credentialsId: options.credentialsId,
    types: [elevenLabsCredentials.type],
  });
  if (!credentials.ok)
    return logsOnly(errorLog("ElevenLabs credentials could not be read", credentials.error));
  const { apiKey, apiUrl } = credentials.data;
  const modelId = options.modelId?.trim();
  const response = await callServiceApiForBytes(
    { ...context.call, service: "ElevenLabs" },
    {
      method: "POST",
      url: `${apiUrl.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1/text-to-speech/${encodeURIComponent(voiceId)}`,
      headers: { accept: "audio/mpeg", "xi-api-key": apiKey },
      body: { text, ...(modelId ? { model_id: modelId } : {}) },
      secrets: [apiKey],
      timeoutMs: 60_000,
      maxResponseBytes: MAX_AUDIO_BYTES,
    },
  );
  if (!response.ok) return logsOnly(errorLog("ElevenLabs did not answer", response.error));
  if (!isSuccessStatus(response.status))
    return logsOnly(
      errorLog(
        "ElevenLabs refused the text",
        describeServiceRefusal("ElevenLabs", { ...response, body: readDetail(response.body) }, [apiKey]),
      ),
    );
  if (response.bytes.byteLength === 0) return logsOnly(errorLog("ElevenLabs answered with empty audio"));
  const { request } = context;
  let url: string;
  try {
    url = await context.saveGeneratedFile({
      workspaceId: request.workspaceId,
      botId: request.botId,
      resultId: request.resultId,
      isPreview: request.isPreview,
      fileName: `speech-${block.id}.mp3`,
      contentType: response.contentType.startsWith("audio/") ? response.contentType : "audio/mpeg",
      bytes: response.bytes,
    });
  } catch (error) {
    return logsOnly(
      errorLog("ElevenLabs' audio could not be stored", error instanceof Error ? error.message : undefined),
    );
  }
  return {
    variableUpdates: [{ variableId: options.saveUrlInVariableId, value: url }],
    logs: [successLog("ElevenLabs read the text aloud")],
  };
}

/** ElevenLabs' errors are `{detail: {status, message}}`; the message is what the log quotes. */
function readDetail(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return body;
  const detail = (body as { detail?: unknown }).detail;
  return typeof detail === "object" && detail !== null ? detail : body;
}
