// The embed SDK: the published packages installed from their tarballs into a project of their own,
// mounted with the documented snippets against the running viewer; and the host-page API (commands
// and callbacks) of /embed.js on another site's page.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { build } from "esbuild";
import embedBot from "./fixtures/embed-bot.json" with { type: "json" };
import { createApiToken, createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { center, dragTo, expectSaved, group, openNewBot } from "./support/editorPage";
import { expect, test } from "./support/fixtures";
import { serveHostPage } from "./support/hostPage";

const root = path.resolve(import.meta.dirname, "..");

/** The embed bot with a `help` command event: it says so, then the conversation resumes where it was. */
const commandBot = {
  ...embedBot,
  name: "Embed greeter with commands",
  events: [
    ...embedBot.events,
    {
      id: "ev_help",
      type: "command",
      graphCoordinates: { x: 0, y: 120 },
      outgoingEdgeId: "e_help",
      options: { command: "help", resumeAfter: true },
    },
  ],
  groups: [
    ...embedBot.groups,
    {
      id: "g_help",
      title: "Help",
      graphCoordinates: { x: -20, y: 330 },
      blocks: [
        {
          id: "b_help",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Here is some help." }] }] },
        },
      ],
    },
  ],
  edges: [...embedBot.edges, { id: "e_help", from: { eventId: "ev_help" }, to: { groupId: "g_help" } }],
};

async function chatToTheEnd(page: Page) {
  await expect(page.getByText("Hello from the embed!")).toBeVisible();
  await page.getByLabel("Your name").fill("Linus");
  await page.getByLabel("Your name").press("Enter");
  await expect(page.getByText("Thanks Linus. Shall we talk?")).toBeVisible();
  await page.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("All done, Linus!")).toBeVisible();
}

/** Serves a folder (the scratch project) on 127.0.0.1: another site than the viewer. */
async function serveFolder(folder: string): Promise<{ url: string; server: Server }> {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript" };
  const server = createServer((request, response) => {
    const file = path.join(folder, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    if (!file.startsWith(folder)) return response.writeHead(403).end();
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        "Content-Type": `${types[path.extname(file)] ?? "text/plain"}; charset=utf-8`,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test.describe("the published packages", () => {
  // One packing and one install for both tests (npm pack rebuilds the packages' dist folders).
  test.describe.configure({ mode: "serial" });
  let scratch: string;
  test.beforeAll(() => {
    // npm pack runs each package's prepack (its build); the tarballs install offline (no dependency
    // besides each other: @parley/react's peer React is the project's own).
    scratch = mkdtempSync(path.join(tmpdir(), "parley-sdk-"));
    execFileSync("npm", ["pack", "-w", "@parley/js", "-w", "@parley/react", "--pack-destination", scratch], {
      cwd: root,
      stdio: "pipe",
    });
    writeFileSync(
      path.join(scratch, "package.json"),
      JSON.stringify({ name: "scratch-site", private: true, type: "module" }),
    );
    const tarballs = readdirSync(scratch).filter((file) => file.endsWith(".tgz"));
    execFileSync(
      "npm",
      [
        "install",
        "--offline",
        "--no-audit",
        "--no-fund",
        "--legacy-peer-deps",
        ...tarballs.map((file) => `./${file}`),
      ],
      { cwd: scratch, stdio: "pipe" },
    );
  });
  test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test("install from their tarballs without a workspace package, typed", () => {
    const installed = (name: string) =>
      JSON.parse(readFileSync(path.join(scratch, "node_modules", name, "package.json"), "utf8")) as {
        version: string;
        dependencies?: Record<string, string>;
      };
    expect(installed("@parley/js").dependencies).toBeUndefined();
    expect(installed("@parley/react").dependencies).toEqual({ "@parley/js": "0.1.0" });
    for (const name of ["js", "react"])
      expect(readdirSync(path.join(scratch, "node_modules", "@parley", name))).toContain("README.md");
    expect(readdirSync(path.join(scratch, "node_modules", "@parley", "js", "dist")).sort()).toEqual([
      "index.d.ts",
      "index.js",
      "types.d.ts",
      "web.js",
    ]);
    // The documented module snippet type-checks against the installed declarations.
    writeFileSync(
      path.join(scratch, "main.ts"),
      `import Parley, { type BubbleOptions, sendCommand } from "@parley/js";
const options: BubbleOptions = {
  publicId: "my-bot", chatKey: "ck_x", apiHost: "https://chat.example.com",
  onAnswer: ({ message, blockId }) => console.log(message.length, blockId),
  onChatStatePersisted: (isPersisted: boolean) => console.log(isPersisted),
};
Parley.initBubble(options);
sendCommand("help", { id: "support" });
// @ts-expect-error a command takes its name
Parley.sendCommand();
`,
    );
    execFileSync(
      process.execPath,
      [
        path.join(root, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--module",
        "esnext",
        "--moduleResolution",
        "bundler",
        "--target",
        "es2022",
        "--lib",
        "es2022,dom",
        "main.ts",
      ],
      { cwd: scratch, stdio: "pipe" },
    );
    // Server rendering (Next.js) imports the modules without a DOM: nothing runs until an init.
    const exported = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'const m = await import("@parley/js"); console.log(Object.keys(m).sort().join(" "))',
      ],
      { cwd: scratch, encoding: "utf8" },
    );
    expect(exported.trim().split(" ")).toContain("sendCommand");
  });

  test("the documented snippets mount the chat: ES module, script tag and React", async ({ page, user }) => {
    const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, embedBot);
    const chatKey = await readChatKey(page.request, botId, token);
    const bot = `publicId: ${JSON.stringify(publicId)}, chatKey: ${JSON.stringify(chatKey)}, apiHost: ${JSON.stringify(viewerUrl)}`;
    writeFileSync(
      path.join(scratch, "module.html"),
      `<!doctype html><html lang="en"><head><title>Module</title>
<script type="importmap">{ "imports": { "@parley/js": "/node_modules/@parley/js/dist/index.js" } }</script></head>
<body><main><h1>Module</h1></main><script type="module">
import Parley from "@parley/js";
Parley.initBubble({ ${bot} });
</script></body></html>`,
    );
    writeFileSync(
      path.join(scratch, "script.html"),
      `<!doctype html><html lang="en"><head><title>Script tag</title></head><body><main><h1>Script tag</h1>
<div id="parley-chat" style="height:600px"></div></main>
<script src="/node_modules/@parley/js/dist/web.js"></script>
<script>Parley.initStandard({ ${bot}, element: "#parley-chat" });</script></body></html>`,
    );
    // A React app of the project, bundled with its own React (the workspace's, 19).
    writeFileSync(
      path.join(scratch, "app.jsx"),
      `import { createRoot } from "react-dom/client";
import { Standard } from "@parley/react";
createRoot(document.getElementById("root")).render(
  <Standard publicId=${JSON.stringify(publicId)} chatKey=${JSON.stringify(chatKey)} apiHost=${JSON.stringify(viewerUrl)}
    style={{ height: 600 }} onInit={() => { window.inits = (window.inits ?? 0) + 1; }} />,
);`,
    );
    await build({
      entryPoints: [path.join(scratch, "app.jsx")],
      outfile: path.join(scratch, "app.js"),
      absWorkingDir: scratch,
      bundle: true,
      format: "esm",
      jsx: "automatic",
      nodePaths: [path.join(root, "node_modules")],
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "error",
    });
    writeFileSync(
      path.join(scratch, "react.html"),
      `<!doctype html><html lang="en"><head><title>React</title></head><body><main><h1>React</h1><div id="root"></div></main>
<script type="module" src="/app.js"></script></body></html>`,
    );
    const { url, server } = await serveFolder(scratch);
    try {
      await page.goto(`${url}/module.html`);
      await page.getByRole("button", { name: "Open chat" }).click();
      await chatToTheEnd(page);

      await page.goto(`${url}/script.html`);
      await chatToTheEnd(page);

      await page.goto(`${url}/react.html`);
      await chatToTheEnd(page);
      expect(await page.evaluate(() => (window as unknown as { inits: number }).inits)).toBe(1);
    } finally {
      server.close();
    }
  });
});

interface HostWindow {
  calls: string[];
  Parley: {
    open(target?: { id?: string }): void;
    close(target?: { id?: string }): void;
    toggle(target?: { id?: string }): void;
    reload(target?: { id?: string }): void;
    setInputValue(value: string): void;
    sendCommand(command: string): void;
    showPreviewMessage(message?: { message: string }): void;
    unmount(target?: { id?: string }): void;
  };
}

test("/embed.js: the host page drives the bubble with commands and hears every callback", async ({
  page,
  user,
}) => {
  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, commandBot);
  const chatKey = await readChatKey(page.request, botId, token);
  const { url, server } = await serveHostPage(`window.calls = [];
const log = (entry) => window.calls.push(entry);
Parley.initBubble({
  publicId: ${JSON.stringify(publicId)}, chatKey: ${JSON.stringify(chatKey)},
  onInit: () => log("init"),
  onNewInputBlock: (input) => log("input " + input.id),
  onAnswer: (answer) => log("answer " + answer.message + " " + answer.blockId),
  onEnd: () => log("end"),
  onChatStatePersisted: (isPersisted) => log("persisted " + isPersisted),
});`);
  const calls = () => page.evaluate(() => (window as unknown as HostWindow).calls);
  const parley = <T>(command: (api: HostWindow["Parley"]) => T) =>
    page.evaluate(`(${command.toString()})(window.Parley)`);
  try {
    await page.goto(url);
    // Nothing starts before the bubble opens.
    expect(await calls()).toEqual([]);
    await parley((api) => api.open());
    await expect(page.getByLabel("Your name")).toBeVisible();
    await expect.poll(calls).toEqual(["init", "input in_name", "persisted false"]);

    await parley((api) => api.setInputValue("Linus"));
    await expect(page.getByLabel("Your name")).toHaveValue("Linus");
    // The command event's path runs, then the conversation comes back to the question.
    await parley((api) => api.sendCommand("help"));
    await expect(page.getByText("Here is some help.")).toBeVisible();
    await expect(page.getByLabel("Your name")).toBeVisible();
    await page.getByLabel("Your name").fill("Linus");
    await page.getByLabel("Your name").press("Enter");
    await page.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText("All done, Linus!")).toBeVisible();
    await expect
      .poll(calls)
      .toEqual([
        "init",
        "input in_name",
        "persisted false",
        "input in_name",
        "answer Linus in_name",
        "input in_yes",
        "answer Yes in_yes",
        "end",
      ]);

    await parley((api) => api.close());
    await expect(page.getByRole("dialog", { name: "Chat" })).toBeHidden();
    await parley((api) => api.showPreviewMessage({ message: "Still there?" }));
    await page.getByRole("button", { name: "Still there?" }).click();
    await expect(page.getByRole("dialog", { name: "Chat" })).toBeVisible();
    await parley((api) => api.toggle());
    await expect(page.getByRole("dialog", { name: "Chat" })).toBeHidden();
    await parley((api) => api.unmount());
    await expect(page.getByRole("button", { name: "Open chat" })).toHaveCount(0);
  } finally {
    server.close();
  }
});

test("/embed.js: popup and standard embeds take the same commands, each addressed by its id", async ({
  page,
  user,
}) => {
  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, commandBot);
  const chatKey = await readChatKey(page.request, botId, token);
  const bot = `publicId: ${JSON.stringify(publicId)}, chatKey: ${JSON.stringify(chatKey)}`;
  const { url, server } = await serveHostPage(`window.calls = [];
Parley.initStandard({ ${bot}, id: "inline", element: "#parley-chat", onInit: () => window.calls.push("inline init") });
Parley.initPopup({ ${bot}, id: "popup", onInit: () => window.calls.push("popup init") });`);
  const parley = <T>(command: (api: HostWindow["Parley"]) => T) =>
    page.evaluate(`(${command.toString()})(window.Parley)`);
  try {
    await page.goto(url);
    await expect(page.getByLabel("Your name")).toBeVisible();
    await parley((api) => api.open({ id: "popup" }));
    await expect(page.getByRole("dialog", { name: "Chat" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Chat" }).getByLabel("Your name")).toBeVisible();
    await parley((api) => api.sendCommand("help"));
    // Without an id, the command reaches both conversations.
    await expect(page.getByText("Here is some help.")).toHaveCount(2);
    await parley((api) => api.close({ id: "popup" }));
    await expect(page.getByRole("dialog", { name: "Chat" })).toBeHidden();
    await parley((api) => api.reload({ id: "inline" }));
    await expect(page.getByText("Here is some help.")).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as HostWindow).calls))
      .toEqual(["inline init", "popup init", "inline init"]);
  } finally {
    server.close();
  }
});

test("a Command event made in the editor is what the page's sendCommand runs", async ({ page, user }) => {
  // The Help group is there; the command event that leads to it is the author's to make.
  const flow = { ...commandBot, events: embedBot.events, edges: embedBot.edges };
  const { bot } = await openNewBot(page, user.workspaceId, "Commands from the editor", flow);
  const events = page.getByRole("region", { name: "Events" });
  await events.getByRole("button", { name: "Command" }).click();
  const settings = page.getByTestId("event-settings");
  await settings.getByLabel("Command", { exact: true }).fill("help");
  await settings.getByRole("switch", { name: "Resume after" }).click();
  const commandNode = page.getByTestId("event").filter({ hasText: "Command: help" });
  await expect(commandNode).toBeVisible();
  await dragTo(
    page,
    commandNode.locator('.react-flow__handle[data-handleid^="e:"]'),
    await center(group(page, "Help").getByRole("button", { name: "Help", exact: true })),
  );
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  // One reply event per flow: its button is disabled once there is one.
  await events.getByRole("button", { name: "On reply" }).click();
  await expect(events.getByRole("button", { name: "On reply" })).toBeDisabled();
  await expectSaved(page);

  const token = await createApiToken(page.request);
  const published = await page.request.post(`/api/v1/bots/${bot.id}/publish`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(published.status()).toBe(200);
  const stored = (await (
    await page.request.get(`/api/v1/bots/${bot.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { bot: { publicId: string; events: { type: string; options?: unknown }[] } };
  expect(stored.bot.events.filter((event) => event.type !== "start")).toEqual([
    expect.objectContaining({ type: "command", options: { command: "help", resumeAfter: true } }),
    expect.objectContaining({ type: "reply" }),
  ]);
  const chatKey = await readChatKey(page.request, bot.id, token);
  const { url, server } = await serveHostPage(
    `Parley.initStandard({ publicId: ${JSON.stringify(stored.bot.publicId)}, chatKey: ${JSON.stringify(chatKey)}, element: "#parley-chat" });`,
  );
  try {
    await page.goto(url);
    await expect(page.getByLabel("Your name")).toBeVisible();
    await page.evaluate(() => (window as unknown as HostWindow).Parley.sendCommand("help"));
    await expect(page.getByText("Here is some help.")).toBeVisible();
    await expect(page.getByLabel("Your name")).toBeVisible();
  } finally {
    server.close();
  }
});
