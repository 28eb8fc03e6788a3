import { chatRequest, createTestChat, readResponse } from "@parley/chat/testing/chatFixtures";
import { seedPublishedBot } from "@parley/chat/testing/seedPublishedBot";
import { group, startEdge, startEvent, text, textOf } from "@parley/chat/testing/testFlows";
import { getPrisma } from "@parley/db";
import { createTestTeam, type TestTeam } from "@parley/platform/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { handleRestRequest } from "../mounts";
import { callApi } from "../testing/fixtures";

// An agent's file in a reply: uploaded to the conversation, stored like the chat's uploads, sent with a message to
// the visitor's event stream (an image bubble, or a link to the document), read back by the files endpoint.
const prisma = getPrisma();
const { chat, runtime } = createTestChat();

const handoffFlow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Hello"),
      { id: "b-handoff", type: "Human handoff", items: [{ id: "i-fallback", path: "fallback" }] },
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [],
};

/** The first bytes of a PNG file, and a small PDF. */
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let team: TestTeam;
let bot: Awaited<ReturnType<typeof seedPublishedBot>>;
beforeAll(async () => {
  team = await createTestTeam();
  bot = await seedPublishedBot(prisma, team.workspaceId, handoffFlow);
});

async function openConversation() {
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  const sessionId: string = start.body.sessionId;
  const conversation = await prisma.conversation.findFirstOrThrow({ where: { sessionId } });
  return { sessionId, id: conversation.id, resultId: conversation.resultId };
}

/** POST /conversations/{id}/files with the bytes as the body, as an API consumer sends it. */
async function upload(
  token: string,
  conversationId: string,
  query: string,
  bytes: Uint8Array,
  contentType: string,
) {
  const response = await handleRestRequest(
    new Request(`http://localhost:3000/api/v1/conversations/${conversationId}/files?${query}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": contentType },
      body: bytes as Uint8Array<ArrayBuffer>,
    }),
  );
  return { status: response.status, body: await response.json() };
}

const post = (token: string, id: string, message: unknown) =>
  callApi("POST", `/conversations/${id}/messages`, { token, body: { message } });

/** What the visitor's browser gets at a file's URL (the chat runtime's files endpoint). */
async function readFile(url: string) {
  const response = await chat(new Request(url));
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe("files in agents' replies", () => {
  it("an image uploaded then sent with a text: stored, served, two events (text, then the picture), in the transcript", async () => {
    const { id, sessionId, resultId } = await openConversation();
    const uploaded = await upload(team.member.token, id, "name=parcel.png", png, "image/png");
    expect(uploaded.status).toBe(200);
    const file = uploaded.body.file;
    expect(file).toMatchObject({ name: "parcel.png", contentType: "image/png", size: png.byteLength });
    expect(file.url).toBe(
      `http://localhost:3001/api/v1/files/public/${team.workspaceId}/${bot.botId}/${resultId}/${file.id}/parcel.png`,
    );
    // Stored like the chat's uploads, readable by anyone with the URL, as the visitor's browser reads it.
    const served = await readFile(file.url);
    expect(served).toMatchObject({ status: 200, contentType: "image/png" });
    expect(served.bytes).toEqual(png);
    // Uploading sends nothing yet.
    expect(await prisma.sessionEvent.count({ where: { sessionId } })).toBe(0);

    const sent = await post(team.member.token, id, { text: "Here is the parcel", fileId: file.id });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({
      author: "agent",
      text: "Here is the parcel",
      attachment: file,
    });
    const events = await prisma.sessionEvent.findMany({ where: { sessionId }, orderBy: { id: "asc" } });
    expect(events.map((event) => event.type)).toEqual(["message", "message"]);
    expect(textOf(events[0]?.data as { content: unknown })).toBe("Here is the parcel");
    expect(events[1]?.data).toEqual({
      id: `${sent.body.message.id}-file`,
      type: "image",
      content: { url: file.url, clickLink: { url: file.url, alt: "parcel.png" } },
      from: "agent",
    });

    // The visitor's stream delivers them as sent.
    const stream = await readResponse(
      await chat(chatRequest(`/sessions/${sessionId}/events?wait=0`, { token: bot.chatKey, method: "GET" })),
    );
    expect(stream.body.events.map((event: { data: { type: string } }) => event.data.type)).toEqual([
      "text",
      "image",
    ]);

    const read = await callApi("GET", `/conversations/${id}`, { token: team.guest.token });
    expect(read.body.conversation.messages).toEqual([
      expect.objectContaining({ author: "agent", text: "Here is the parcel", attachment: file }),
    ]);

    // The result shows it too (internal notes left out).
    expect((await post(team.member.token, id, { text: "VIP", internal: true })).status).toBe(200);
    const result = await callApi("GET", `/bots/${bot.botId}/results/${resultId}`, {
      token: team.guest.token,
    });
    expect(result.status).toBe(200);
    expect(result.body.result.inboxMessages).toEqual([
      expect.objectContaining({ author: "agent", text: "Here is the parcel", attachment: file }),
    ]);

    // A file goes with one message only.
    const again = await post(team.member.token, id, { text: "Once more", fileId: file.id });
    expect(again.status).toBe(400);
    expect(again.body.issues).toEqual([
      { message: "This file was already sent", path: ["message", "fileId"], code: "FILE_ALREADY_SENT" },
    ]);
  });

  it("a document alone: a link to it, named from the extension when the type is generic, served as a download or inline PDF", async () => {
    const { id, sessionId } = await openConversation();
    const uploaded = await upload(
      team.admin.token,
      id,
      `name=${encodeURIComponent("../../Invoice A/17.pdf")}`,
      pdf,
      "application/octet-stream",
    );
    expect(uploaded.status).toBe(200);
    const file = uploaded.body.file;
    expect(file).toMatchObject({ name: "17.pdf", contentType: "application/pdf", size: pdf.byteLength });
    const sent = await post(team.admin.token, id, { fileId: file.id });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ text: "", attachment: file });
    const events = await prisma.sessionEvent.findMany({ where: { sessionId } });
    expect(events.map((event) => event.data)).toEqual([
      {
        id: `${sent.body.message.id}-file`,
        type: "text",
        content: {
          type: "richText",
          richText: [
            { type: "p", children: [{ type: "a", url: file.url, children: [{ text: "17.pdf (1 KB)" }] }] },
          ],
        },
        from: "agent",
      },
    ]);
    const served = await readFile(file.url);
    expect(served).toMatchObject({ status: 200, contentType: "application/pdf" });
    expect(served.bytes).toEqual(pdf);

    // A name without the type's extension gets it; a spreadsheet downloads.
    const sheet = await upload(
      team.admin.token,
      id,
      "name=figures",
      new Uint8Array([1, 2, 3]),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(sheet.body.file.name).toBe("figures.xlsx");
    const download = await readFile(sheet.body.file.url);
    expect(download.contentType).toBe("application/octet-stream");
    expect(download.disposition).toBe("attachment; filename*=UTF-8''figures.xlsx");
  });

  it("refuses other types, empty and oversized files, a closed conversation, guests and other workspaces: nothing stored", async () => {
    const { id } = await openConversation();
    const refusals: [string, Awaited<ReturnType<typeof upload>>][] = [
      [
        "FILE_TYPE_NOT_ALLOWED",
        await upload(team.member.token, id, "name=tool.exe", png, "application/x-msdownload"),
      ],
      [
        "FILE_TYPE_NOT_ALLOWED",
        await upload(team.member.token, id, "name=page.html", png, "application/octet-stream"),
      ],
      ["FILE_TYPE_NOT_ALLOWED", await upload(team.member.token, id, "name=x.svg", png, "image/svg+xml")],
      [
        "FILE_EMPTY",
        await upload(team.member.token, id, "name=empty.pdf", new Uint8Array(), "application/pdf"),
      ],
      [
        "FILE_TOO_LARGE",
        await upload(
          team.member.token,
          id,
          "name=big.pdf",
          new Uint8Array(runtime.uploads.maxBytes + 1),
          "application/pdf",
        ),
      ],
    ];
    for (const [code, refused] of refusals) {
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].code).toBe(code);
    }
    const noName = await upload(team.member.token, id, "", png, "image/png");
    expect(noName.status).toBe(400);
    expect(noName.body.issues[0].path).toEqual(["name"]);
    expect((await upload(team.guest.token, id, "name=a.png", png, "image/png")).status).toBe(403);
    expect((await upload(team.outsider.token, id, "name=a.png", png, "image/png")).status).toBe(403);
    expect(
      (await upload(team.member.token, "unknownconversation", "name=a.png", png, "image/png")).status,
    ).toBe(404);
    expect(await prisma.conversationFile.count({ where: { conversationId: id } })).toBe(0);

    // A file of another conversation, or no text and no file: refused, nothing stored.
    const other = await openConversation();
    const foreign = (await upload(team.member.token, other.id, "name=a.png", png, "image/png")).body.file;
    const wrong = await post(team.member.token, id, { text: "see this", fileId: foreign.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues[0]).toMatchObject({ code: "FILE_NOT_FOUND", path: ["message", "fileId"] });
    const empty = await post(team.member.token, id, { text: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toEqual(["message", "text"]);
    expect(await prisma.conversationMessage.count({ where: { conversationId: id, author: "agent" } })).toBe(
      0,
    );

    const closed = await callApi("POST", `/conversations/${id}/close`, {
      token: team.member.token,
      body: { resume: false },
    });
    expect(closed.status).toBe(200);
    const late = await upload(team.member.token, id, "name=a.png", png, "image/png");
    expect(late.status).toBe(400);
    expect(late.body.issues[0].code).toBe("CONVERSATION_CLOSED");
    expect(await prisma.conversationFile.count({ where: { conversationId: id } })).toBe(0);
  });

  it("an internal note may carry a file: the visitor gets no event", async () => {
    const { id, sessionId } = await openConversation();
    const file = (await upload(team.member.token, id, "name=label.png", png, "image/png")).body.file;
    const note = await post(team.member.token, id, {
      text: "Shipping label",
      internal: true,
      fileId: file.id,
    });
    expect(note.status).toBe(200);
    expect(note.body.message).toMatchObject({ isInternal: true, attachment: file });
    expect(await prisma.sessionEvent.count({ where: { sessionId } })).toBe(0);
  });
});
