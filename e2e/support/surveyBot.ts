import { type APIRequestContext, expect } from "@playwright/test";
import { callMutation, callQuery, createBot, getBot } from "./fixtures";

/** Two text inputs (Name, City) between a greeting and a closing message that names the visitor. */
export const surveyFlow = {
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e1" }],
  groups: [
    {
      id: "g1",
      title: "Ask",
      graphCoordinates: { x: 300, y: 0 },
      blocks: [
        {
          id: "hello",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Hi! Your name?" }] }] },
        },
        { id: "ask-name", type: "text input", options: { variableId: "v-name" } },
        { id: "ask-city", type: "text input", options: { variableId: "v-city" } },
        {
          id: "bye",
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: "Bye {{Name}}" }] }] },
        },
      ],
    },
  ],
  edges: [{ id: "e1", from: { eventId: "start" }, to: { groupId: "g1" } }],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-city", name: "City" },
  ],
};

/** One conversation through the public chat API, as a visitor's widget would hold it. */
export async function chat(
  request: APIRequestContext,
  viewerUrl: string,
  publicId: string,
  chatKey: string,
  replies: string[],
) {
  const headers = { Authorization: `Bearer ${chatKey}` };
  const started = await request.post(`${viewerUrl}/api/v1/bots/${publicId}/startChat`, { headers, data: {} });
  expect(started.status()).toBe(200);
  const { sessionId } = await started.json();
  for (const text of replies) {
    const answer = await request.post(`${viewerUrl}/api/v1/sessions/${sessionId}/continueChat`, {
      headers,
      data: { message: { type: "text", text } },
    });
    expect(answer.status()).toBe(200);
  }
}

/** A published copy of the survey bot in the user's workspace, with what a visitor's widget needs. */
export async function publishSurveyBot(request: APIRequestContext, workspaceId: string, name: string) {
  const bot = await createBot(request, workspaceId, { name, ...surveyFlow });
  await callMutation(request, "publishing.publishBot", { botId: bot.id });
  const { publicId } = await getBot(request, bot.id);
  const { chatKey } = await callQuery<{ chatKey: { key: string } }>(request, "publishing.getChatKey", {
    botId: bot.id,
  });
  return { botId: bot.id, publicId: publicId as string, chatKey: chatKey.key };
}
