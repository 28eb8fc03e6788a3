import { randomBytes } from "node:crypto";
import { z } from "zod";
import { fetchFile, type ReadUpload } from "../files/fetchFile";
import { readStreamBytes } from "../outbound/safeFetchStream";
import { AiProviderError, type CallOptions, type ProviderEndpoint } from "./aiTypes";
import { joinUrl, openProviderStream, parseJson, parseReply, toProviderError } from "./providerHttp";

/** OpenAI takes audio files up to 25 MB for transcription; speech replies are far smaller. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
}

/** POST /audio/speech: the spoken text as MP3 bytes. */
export async function createSpeech(
  endpoint: ProviderEndpoint,
  request: SpeechRequest,
  call: CallOptions,
): Promise<{ bytes: Buffer; contentType: string }> {
  const secret = endpoint.apiKey;
  const stream = await openProviderStream(
    {
      url: joinUrl(endpoint.baseUrl, "audio/speech"),
      headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), accept: "audio/mpeg" },
      body: { model: request.model, input: request.input, voice: request.voice, response_format: "mp3" },
      secret,
    },
    call,
  );
  try {
    const bytes = await readStreamBytes(stream);
    if (bytes.byteLength === 0) throw new AiProviderError("The provider answered with empty audio");
    return { bytes, contentType: stream.headers["content-type"]?.split(";")[0] || "audio/mpeg" };
  } catch (error) {
    throw toProviderError(error, secret);
  }
}

/**
 * Downloads the recording at `audioUrl` (through the same outbound rules) and sends it to
 * POST /audio/transcriptions as multipart form data; resolves with the text.
 */
export async function createTranscription(
  endpoint: ProviderEndpoint,
  request: { model: string; audioUrl: string; workspaceId?: string; readUpload?: ReadUpload },
  call: CallOptions,
): Promise<string> {
  const secret = endpoint.apiKey;
  let audio: { bytes: Buffer; contentType: string; fileName: string };
  try {
    const download = await fetchFile(request.audioUrl, {
      timeoutMs: call.timeoutMs,
      maxResponseBytes: MAX_AUDIO_BYTES,
      allowList: call.allowList,
      signal: call.signal,
      fallbackName: "audio",
      readUpload: request.readUpload,
      workspaceId: request.workspaceId,
    });
    if (download.status >= 400)
      throw new AiProviderError(`The recording could not be downloaded (HTTP ${download.status})`);
    audio = { bytes: download.bytes, contentType: download.contentType, fileName: download.fileName };
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    throw new AiProviderError(
      `The recording could not be downloaded: ${toProviderError(error, null).message}`,
    );
  }
  const boundary = `----parley${randomBytes(12).toString("hex")}`;
  const body = buildMultipart(boundary, [
    { name: "model", value: request.model },
    { name: "response_format", value: "json" },
    {
      name: "file",
      fileName: withAudioExtension(audio.fileName, audio.contentType),
      contentType: audio.contentType,
      bytes: audio.bytes,
    },
  ]);
  const stream = await openProviderStream(
    {
      url: joinUrl(endpoint.baseUrl, "audio/transcriptions"),
      headers: secret ? { authorization: `Bearer ${secret}` } : {},
      secret,
    },
    call,
    { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body },
  );
  let reply: unknown;
  try {
    reply = parseJson((await readStreamBytes(stream)).toString("utf8"));
  } catch (error) {
    throw toProviderError(error, secret);
  }
  const transcription = parseReply(z.object({ text: z.string() }), reply);
  if (!transcription) throw new AiProviderError("The provider answered without a transcription");
  return transcription.text;
}

type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; contentType: string; bytes: Buffer };

function buildMultipart(boundary: string, parts: FormPart[]): Buffer {
  const chunks: Buffer[] = [];
  const quote = (value: string) => value.replace(/["\r\n\\]/g, "_");
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${quote(part.fileName)}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The API infers the format from the file name; recordings stored without one get it from their type. */
function withAudioExtension(fileName: string, contentType: string): string {
  if (/\.(mp3|mp4|mpeg|mpga|m4a|wav|webm|ogg|oga|flac)$/i.test(fileName)) return fileName;
  const extension = /webm/.test(contentType)
    ? "webm"
    : /ogg/.test(contentType)
      ? "ogg"
      : /wav/.test(contentType)
        ? "wav"
        : /mp4|m4a/.test(contentType)
          ? "m4a"
          : "mp3";
  return `${fileName}.${extension}`;
}
