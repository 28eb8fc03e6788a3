import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGeneratedFileSaver } from "../../files/createGeneratedFileSaver";
import { createLocalStorage, type UploadStorage } from "../../files/createUploadStorage";
import { createTestApiKey, createWorkspaceWithCredentials } from "../../testing/integrationFixtures";
import { runPluginBlock, type ServiceServer, startServiceServer } from "../../testing/pluginHarness";

const apiKey = createTestApiKey("xi");
/** An MP3 frame header and some bytes that are not valid UTF-8, to check the audio is stored as sent. */
const audio = Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0x0f, 0xf0, 0x80, 0xc3, 0x28, 0xfe, 0xff]);
const viewerUrl = "http://localhost:3001";
let elevenLabs: ServiceServer;
let storage: UploadStorage;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

beforeAll(async () => {
  elevenLabs = await startServiceServer();
  storage = createLocalStorage(await mkdtemp(path.join(tmpdir(), "parley-speech-")));
  workspace = await createWorkspaceWithCredentials([
    { type: "elevenlabs", name: "voice", data: { apiKey, apiUrl: elevenLabs.origin } },
  ]);
});
afterAll(() => elevenLabs.close());
beforeEach(() => {
  elevenLabs.received.length = 0;
  elevenLabs.answer = (_request, response) =>
    response.writeHead(200, { "content-type": "audio/mpeg", "content-length": audio.length }).end(audio);
});

const runElevenLabs = (options: Record<string, unknown>) =>
  runPluginBlock(
    workspace.workspaceId,
    {
      id: "speak",
      type: "elevenlabs",
      options: {
        credentialsId: workspace.credentialsIds.voice,
        action: "Convert text to speech",
        ...options,
      },
    },
    { saveGeneratedFile: createGeneratedFileSaver({ storage, maxBytes: 1_000_000, viewerUrl }) },
  );

async function readStored(url: string) {
  const key = decodeURIComponent(url.slice(`${viewerUrl}/api/v1/files/`.length));
  const file = await storage.readFile(key);
  if (!file || "redirect" in file) throw new Error(`nothing stored at ${key}`);
  return { contentType: file.contentType, bytes: Buffer.from(await new Response(file.stream).arrayBuffer()) };
}

describe("ElevenLabs block against ElevenLabs' text-to-speech API", () => {
  it("sends the text to the voice, stores the MP3 it answers and saves its URL", async () => {
    const { logs, variables } = await runElevenLabs({
      text: "Welcome, {{Email}}!",
      voiceId: "21m00Tcm4TlvDq8ikWAM",
      modelId: "eleven_multilingual_v2",
      saveUrlInVariableId: "v-out",
    });
    expect(logs).toEqual([{ status: "success", description: "ElevenLabs read the text aloud" }]);
    const [request] = elevenLabs.received;
    expect(`${request!.method} ${request!.path}`).toBe("POST /v1/text-to-speech/21m00Tcm4TlvDq8ikWAM");
    expect(request!.headers["xi-api-key"]).toBe(apiKey);
    expect(request!.headers.accept).toBe("audio/mpeg");
    expect(request!.body).toBe(
      JSON.stringify({ text: "Welcome, ada@example.com!", model_id: "eleven_multilingual_v2" }),
    );
    const url = variables["v-out"] as string;
    expect(url).toMatch(
      new RegExp(
        `^${viewerUrl}/api/v1/files/public/${workspace.workspaceId}/bot-plugins/[^/]+/[^/]+/speech-speak\\.mp3$`,
      ),
    );
    expect(await readStored(url)).toEqual({ contentType: "audio/mpeg", bytes: audio });
  });

  it("leaves the model to ElevenLabs when the block names none", async () => {
    await runElevenLabs({ text: "Hi", voiceId: "v1", saveUrlInVariableId: "v-out" });
    expect(elevenLabs.received[0]!.body).toBe(JSON.stringify({ text: "Hi" }));
  });

  it("logs ElevenLabs' refusal without the key and saves nothing", async () => {
    elevenLabs.answer = (_request, response) =>
      response.writeHead(401, { "content-type": "application/json" }).end(
        JSON.stringify({
          detail: { status: "invalid_api_key", message: `Invalid API key: ${apiKey}` },
        }),
      );
    const refused = await runElevenLabs({ text: "Hi", voiceId: "v1", saveUrlInVariableId: "v-out" });
    expect(refused.logs).toEqual([
      {
        status: "error",
        description: "ElevenLabs refused the text",
        details: "ElevenLabs answered 401: Invalid API key: [redacted]",
      },
    ]);
    expect(refused.variables["v-out"]).toBeUndefined();
    const noVoice = await runElevenLabs({ text: "Hi", saveUrlInVariableId: "v-out" });
    expect(noVoice.logs).toEqual([{ status: "error", description: "ElevenLabs: no voice ID; skipped" }]);
    const noStorage = await runPluginBlock(workspace.workspaceId, {
      id: "speak",
      type: "elevenlabs",
      options: {
        credentialsId: workspace.credentialsIds.voice,
        text: "Hi",
        voiceId: "v1",
        saveUrlInVariableId: "v-out",
      },
    });
    expect(noStorage.logs).toEqual([
      { status: "error", description: "ElevenLabs: this server has no file storage for audio; skipped" },
    ]);
    expect(elevenLabs.received).toHaveLength(1);
  });
});
