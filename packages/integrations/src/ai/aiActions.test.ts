import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPrisma } from "@parley/db";
import type { DraftBlock } from "@parley/engine/testing";
import { createFlow, createTestPorts, startTestChat } from "@parley/engine/testing";
import { describe, expect, it } from "vitest";
import { createLocalStorage } from "../files/createUploadStorage";
import { createUploadReader, type ReadUpload } from "../files/fetchFile";
import { useAiBlockHarness } from "../testing/aiBlockHarness";
import { startFileServer } from "../testing/startFileServer";
import { createAiPort } from "./createAiPort";

const harness = useAiBlockHarness();
const { apiKey, servers, runBlock, variableValue, savedFiles, variables } = harness;
const workspace = harness.workspace;

describe("Generate variables", () => {
  it.each([
    ["openai", "openai", () => servers.openai],
    ["mistral", "mistral", () => servers.mistral],
    ["anthropic", "anthropic", () => servers.anthropic],
    ["openai-compatible", "compatible", () => servers.openai],
  ])("%s fills the variables from a tool call", async (type, credentials, server) => {
    const chat = await runBlock({
      id: "ai",
      type,
      options: {
        action: "Generate variables",
        credentialsId: workspace().credentialsIds[credentials],
        model: "model-x",
        prompt: "I live in Lyon and I am {{Question}}",
        variablesToExtract: [
          { variableId: "city", type: "string", description: "Where the user lives", isRequired: true },
          { variableId: "age", type: "number" },
        ],
      },
    });
    const sent = server().requests.at(-1)!.json!;
    expect(JSON.stringify(sent)).toContain("I live in Lyon and I am What is Parley?");
    expect(variableValue(chat, "city")).toMatch(/City/);
    expect(variableValue(chat, "age")).toMatch(/^\d+$/);
    expect(chat.outcome.response.logs).toEqual([]);
  });
});

describe("OpenAI speech", () => {
  it("stores the audio and saves its URL", async () => {
    const chat = await runBlock({
      id: "ai",
      type: "openai",
      options: {
        action: "Create speech",
        credentialsId: workspace().credentialsIds.openai,
        input: "Say {{Question}}",
        voice: "nova",
        saveUrlInVariableId: "speech",
      },
    });
    expect(variableValue(chat, "speech")).toBe("https://files.test/speech-ai.mp3");
    expect(servers.openai.requests.at(-1)?.json).toMatchObject({
      input: "Say What is Parley?",
      voice: "nova",
      model: "tts-1",
    });
    expect(savedFiles.at(-1)?.bytes.byteLength).toBeGreaterThan(0);
  });
});

/** A live chat running only a Create transcription block on {{Recording}} = `url`. */
function transcribe(url: string, readUpload?: ReadUpload) {
  const block: DraftBlock = {
    id: "ai",
    type: "openai",
    options: {
      action: "Create transcription",
      credentialsId: workspace().credentialsIds.openai,
      url: "{{Recording}}",
      transcriptionVariableId: "transcript",
    },
  };
  const flow = createFlow({
    workspaceId: workspace().workspaceId,
    variables: variables.map((variable) =>
      variable.id === "recording" ? { ...variable, value: url } : variable,
    ),
    groups: [{ id: "g", title: "G", blocks: [block, { id: "ask", type: "text input", options: {} }] }],
  });
  return startTestChat(flow, {
    ports: createTestPorts({ ai: createAiPort({ getPrisma, allowList: ["127.0.0.1"], readUpload }) }),
  });
}

describe("OpenAI transcription", () => {
  it("downloads the recording of a variable, sends it and saves the text", async () => {
    const recording = Buffer.from("a short voice message");
    const fileServer = await startFileServer(recording, "audio/webm");
    try {
      const chat = await transcribe(`${fileServer.origin}/uploads/voice.webm`);
      const sent = servers.openai.requests.at(-1)!;
      expect(sent.path).toBe("/v1/audio/transcriptions");
      expect(sent.headers.authorization).toBe(`Bearer ${apiKey}`);
      expect(sent.raw.toString("latin1")).toContain('name="model"\r\n\r\nwhisper-1');
      expect(sent.raw.includes(recording)).toBe(true);
      expect(variableValue(chat, "transcript")).toBe(`Transcribed ${sent.raw.byteLength} bytes`);
      expect(chat.outcome.logsToPersist).toEqual([]);
    } finally {
      await fileServer.close();
    }
  });

  it("reads a voice answer uploaded to this server from its storage", async () => {
    const storage = createLocalStorage(await mkdtemp(path.join(tmpdir(), "parley-uploads-")));
    const key = `public/${workspace().workspaceId}/bot/result/clip/voice.webm`;
    await storage.writeLocal(key, new Blob(["recorded voice"]).stream(), "audio/webm", 1_000);
    const url = `http://localhost:3001/api/v1/files/${key}`;
    const readUpload = createUploadReader({ storage, maxBytes: 1_000, viewerUrl: "http://localhost:3001" });
    const chat = await transcribe(url, readUpload);
    const sent = servers.openai.requests.at(-1)!;
    expect(sent.raw.includes(Buffer.from("recorded voice"))).toBe(true);
    expect(variableValue(chat, "transcript")).toBe(`Transcribed ${sent.raw.byteLength} bytes`);
    // Without the reader the same URL is an outbound request to this very host, which nothing answers here.
    const without = await transcribe(url);
    expect(without.outcome.logsToPersist[0]).toMatchObject({ description: "OpenAI transcription failed" });
  });
});
