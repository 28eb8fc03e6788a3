import { copyFile, cp, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runUserCode } from "@parley/integrations/sandbox/runUserCode";
import { useSandboxHostScript } from "@parley/integrations/sandbox/sandboxProcess";
import { startChatResponseSchema } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  readResponse,
} from "../../testing/chatFixtures";
import { group, startEdge, startEvent, text, textOf } from "../../testing/testFlows";

// A real failed load: the sandbox host runs from a temporary folder whose node_modules holds a copy of
// isolated-vm with its native build replaced by bytes that are no shared library (what a node_modules built for
// another Node, or a broken install, amounts to: `require("isolated-vm")` throws).
let folder = "";

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "parley-broken-sandbox-"));
  const integrations = path.dirname(
    fileURLToPath(import.meta.resolve("@parley/integrations/sandbox/runUserCode")),
  );
  const isolatedVm = path.dirname(
    createRequire(path.join(integrations, "x.js")).resolve("isolated-vm/package.json"),
  );
  const copy = path.join(folder, "node_modules", "isolated-vm");
  await cp(isolatedVm, copy, { recursive: true });
  const nativeBuilds = (await readdir(copy, { recursive: true })).filter((file) => file.endsWith(".node"));
  expect(nativeBuilds.length).toBeGreaterThan(0);
  for (const file of nativeBuilds) await writeFile(path.join(copy, file), "not a native module\n");
  await copyFile(path.join(integrations, "sandboxHost.cjs"), path.join(folder, "sandboxHost.cjs"));
  await useSandboxHostScript(path.join(folder, "sandboxHost.cjs"));
});

afterAll(async () => {
  await useSandboxHostScript(null);
  await rm(folder, { recursive: true, force: true });
});

const { chat } = createTestChat();

describe("a sandbox whose isolated-vm cannot load", () => {
  it("fails user code with UNAVAILABLE and the loader's reason", async () => {
    const result = await runUserCode({ code: "return 1 + 1;", variables: {} });
    expect(result).toMatchObject({ ok: false, error: { code: "UNAVAILABLE" } });
    expect(result.ok ? "" : result.error.message).toMatch(/isolated-vm cannot be loaded by Node v\d+/);
  });

  it("fails the Set variable and Code blocks with an error log, never showing the source as the value", async () => {
    const bot = await createPublishedTestBot({
      events: [startEvent],
      groups: [
        group("g-1", [
          {
            id: "b-set",
            type: "Set variable",
            options: { variableId: "v-counter", type: "Custom", expressionToEvaluate: "{{Counter}} + 1" },
          },
          {
            id: "b-code",
            type: "Code",
            options: {
              name: "Double",
              isExecutedOnClient: false,
              content: "setVariable('Counter', {{Counter}} * 2)",
            },
          },
          text("b-show", "Counter {{Counter}}"),
        ]),
      ],
      edges: [startEdge("g-1")],
      variables: [{ id: "v-counter", name: "Counter" }],
    });
    const started = await readResponse(
      await chat(
        chatRequest(`/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          body: { prefilledVariables: { Counter: "1" } },
        }),
      ),
    );
    expect(started.status).toBe(200);
    const start = startChatResponseSchema.parse(started.body);
    // Not "Counter 1 + 1": the variable keeps its value.
    expect(start.messages.map(textOf)).toEqual(["Counter 1"]);
    expect(start.logs).toEqual([
      expect.objectContaining({
        status: "error",
        description: "The Set variable code could not run",
        details: expect.stringMatching(/could not start: isolated-vm cannot be loaded by Node/),
      }),
      expect.objectContaining({
        status: "error",
        description: 'The script "Double" failed',
        details: expect.stringMatching(/could not start: isolated-vm cannot be loaded by Node/),
      }),
    ]);
  });
});
