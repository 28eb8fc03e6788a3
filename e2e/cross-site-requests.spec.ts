// Issue 21, items 4 to 6, on the production builder and viewer: writes that the builder's sign-in cookie
// authenticates come from the builder's own pages only (CROSS_SITE_REQUEST otherwise); files keep their own
// sandbox on the builder's origin; preview uploads are handed out on the builder's public URL, not on the
// address its process listens on (0.0.0.0).
import { errorMessages } from "../packages/schemas/src/errors";
import { createPublishedBot, readChatKey, viewerUrl } from "./support/bots";
import { callQuery, expect, test } from "./support/fixtures";

const builderUrl = `http://localhost:${process.env.E2E_BUILDER_PORT}`;
const fileSandbox = "sandbox; default-src 'none'";

const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

/** Waits at a Webhook (listen) block `b-listen`, then at a file input (PDFs). */
const draftBot = {
  name: "Cross-site target",
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-main",
      title: "Main",
      graphCoordinates: { x: 200, y: 0 },
      blocks: [
        { id: "b-listen", type: "webhook", options: {} },
        { id: "b-file", type: "file input", options: { variableId: "v-file" } },
        text("b-done", "Got {{File}}"),
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-main" } }],
  variables: [{ id: "v-file", name: "File" }],
};

/** Starts at the file input: no Webhook block first. */
const fileBot = {
  ...draftBot,
  name: "File target",
  groups: [{ ...draftBot.groups[0], blocks: draftBot.groups[0]?.blocks.slice(1) }],
};

/** The headers a browser sends with a request a page of the viewer makes (same site, another origin). */
const fromViewer = { Origin: viewerUrl, "Sec-Fetch-Site": "same-site" };

const crossSiteRefusal = {
  code: "FORBIDDEN",
  message: errorMessages.FORBIDDEN,
  issues: [{ message: expect.any(String), code: "CROSS_SITE_REQUEST" }],
};

test("the builder refuses cookie-authenticated writes that another origin's page makes", async ({
  page,
  user,
}) => {
  const { botId } = await createPublishedBot(page.request, user.workspaceId, draftBot);
  const testCall = async () =>
    (
      await callQuery<{ testCall: unknown }>(page.request, "integrations.getWebhookTestCall", {
        botId,
        blockId: "b-listen",
      })
    ).testCall;

  // The attack as a browser makes it: a viewer page (authors' head code runs there) sends body-less POSTs
  // with the author's cookie, which need no preflight.
  const viewerPage = await page.goto(`${viewerUrl}/api/health`);
  expect(viewerPage?.headers()["content-security-policy"]).toBeUndefined();
  await page.evaluate(
    async ({ base, id }) => {
      for (const path of [`/bots/${id}/preview/startChat`, `/bots/${id}/blocks/b-listen/executeTestWebhook`])
        await fetch(`${base}/api/v1${path}`, { method: "POST", credentials: "include", mode: "no-cors" });
    },
    { base: builderUrl, id: botId },
  );
  expect(await testCall()).toBeNull();

  // The issue's requests one by one, with the headers such a page's requests carry.
  const preview = await page.request.post(`/api/v1/bots/${botId}/preview/startChat`);
  expect(preview.status()).toBe(200);
  const { sessionId } = (await preview.json()) as { sessionId: string };
  for (const path of [
    `/api/v1/bots/${botId}/preview/startChat`,
    `/api/v1/sessions/${sessionId}/updateBot`,
    `/api/v1/sessions/${sessionId}/streamMessage`,
    `/api/v1/bots/${botId}/blocks/b-listen/executeTestWebhook`,
  ]) {
    const refused = await page.request.post(path, { headers: fromViewer });
    expect(refused.status(), path).toBe(403);
    expect(await refused.json(), path).toEqual(crossSiteRefusal);
  }
  const mutation = await page.request.post("/api/trpc/bots.createBot", {
    headers: fromViewer,
    data: { workspaceId: user.workspaceId, bot: { name: "Forged" } },
  });
  expect(mutation.status()).toBe(403);
  expect((await mutation.json()).error.data.body).toEqual(crossSiteRefusal);
  expect(await testCall()).toBeNull();

  // The builder's own pages write as before.
  await page.goto("/dashboard");
  const status = await page.evaluate(
    async (path) => (await fetch(path, { method: "POST", credentials: "same-origin" })).status,
    `/api/v1/bots/${botId}/blocks/b-listen/executeTestWebhook`,
  );
  expect(status).toBe(200);
  expect(await testCall()).not.toBeNull();
});

test("files keep their own sandbox on the builder, and preview uploads are on the builder's public URL", async ({
  page,
  user,
}) => {
  const { botId, publicId, token } = await createPublishedBot(page.request, user.workspaceId, fileBot);
  const pdf = "%PDF-1.7 not really a document";

  // An anonymous visitor's upload on the viewer, read on the builder's origin too.
  const chatKey = await readChatKey(page.request, botId, token);
  const visitor = { Authorization: `Bearer ${chatKey}` };
  const started = await page.request.post(`${viewerUrl}/api/v1/bots/${publicId}/startChat`, {
    headers: visitor,
    data: {},
  });
  const { sessionId } = (await started.json()) as { sessionId: string };
  const granted = await page.request.post(`${viewerUrl}/api/v1/sessions/${sessionId}/uploads`, {
    headers: visitor,
    data: { fileName: "visitor.pdf", fileType: "application/pdf", fileSize: pdf.length },
  });
  expect(granted.status()).toBe(200);
  const upload = (await granted.json()) as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  expect((await page.request.put(upload.uploadUrl, { headers: upload.headers, data: pdf })).status()).toBe(
    200,
  );
  const filePath = new URL(upload.fileUrl).pathname;
  for (const base of [viewerUrl, builderUrl]) {
    const file = await page.request.get(`${base}${filePath}`);
    expect(file.status(), base).toBe(200);
    expect(file.headers()["content-type"], base).toBe("application/pdf");
    expect(file.headers()["content-security-policy"], base).toBe(fileSandbox);
  }

  // The author's preview upload: on BUILDER_URL (localhost here), while the builder listens on 0.0.0.0.
  const preview = await page.request.post(`/api/v1/bots/${botId}/preview/startChat`, { data: {} });
  const previewSessionId = ((await preview.json()) as { sessionId: string }).sessionId;
  const previewGrant = await page.request.post(`/api/v1/sessions/${previewSessionId}/uploads`, {
    data: { fileName: "draft.pdf", fileType: "application/pdf", fileSize: pdf.length },
  });
  expect(previewGrant.status()).toBe(200);
  const previewUpload = (await previewGrant.json()) as { uploadUrl: string; fileUrl: string };
  expect(
    previewUpload.uploadUrl.startsWith(`${builderUrl}/api/v1/sessions/${previewSessionId}/uploads/`),
  ).toBe(true);
  expect(previewUpload.fileUrl.startsWith(`${builderUrl}/api/v1/files/`)).toBe(true);
  expect((await page.request.put(previewUpload.uploadUrl, { data: pdf })).status()).toBe(200);
  const previewFile = await page.request.get(previewUpload.fileUrl);
  expect(previewFile.status()).toBe(200);
  expect(previewFile.headers()["content-security-policy"]).toBe(fileSandbox);

  // Every other page of the builder keeps refusing to be framed.
  const dashboard = await page.request.get("/dashboard");
  expect(dashboard.headers()["content-security-policy"]).toBe("frame-ancestors 'none'");
});
