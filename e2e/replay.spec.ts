import { expectNoAxeViolations } from "./support/axe";
import { viewerUrl } from "./support/bots";
import { text } from "./support/editorFlows";
import { callMutation, callQuery, createBot, expect, getBot, test } from "./support/fixtures";
import { chat } from "./support/surveyBot";

/** Asks a name, then a city (an input whose kind the draft changes), then says goodbye. */
const flow = (cityInput: string) => ({
  events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
  groups: [
    {
      id: "g-ask",
      title: "Ask",
      graphCoordinates: { x: 260, y: 0 },
      blocks: [
        text("b-hi", "Hi! Your name?"),
        { id: "b-name", type: "text input", options: { variableId: "v-name" } },
        text("b-city-q", "Your city?"),
        { id: "b-city", type: cityInput, options: { variableId: "v-city" } },
        text("b-bye", "Bye {{Name}}"),
      ],
    },
  ],
  edges: [{ id: "e-start", from: { eventId: "start" }, to: { groupId: "g-ask" } }],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-city", name: "City" },
  ],
});

test("What would change?: real conversations replayed through the draft, grouped, side by side", async ({
  page,
  user,
}) => {
  test.setTimeout(180_000);
  const bot = await createBot(page.request, user.workspaceId, { name: "Replayed", ...flow("text input") });
  await callMutation(page.request, "publishing.publishBot", { botId: bot.id });
  const { publicId } = await getBot(page.request, bot.id);
  const { chatKey } = await callQuery<{ chatKey: { key: string } }>(page.request, "publishing.getChatKey", {
    botId: bot.id,
  });
  await chat(page.request, viewerUrl, publicId!, chatKey.key, ["Ada", "London"]);
  // The draft now asks the city as an e-mail address: "London" is refused there.
  await callMutation(page.request, "bots.updateBot", {
    botId: bot.id,
    bot: { groups: flow("email input").groups },
    overwrite: true,
  });

  await page.goto(`/bots/${bot.id}/share`);
  await page.getByRole("button", { name: "What would change?" }).click();
  const panel = page.getByRole("dialog", { name: "What would change?" });
  await panel.getByRole("button", { name: "Replay", exact: true }).click();
  await expect(panel.getByTestId("replay-done")).toContainText("1 of 1 conversation replayed");
  await expect(panel.getByText("Refused at an input: 1")).toBeVisible();
  const groups = panel.getByTestId("replay-groups");
  await expect(groups).toContainText("Refused at the Email block in “Ask”");
  await expectNoAxeViolations(page, "the replay report");

  await groups.getByRole("button").first().click();
  await panel.getByTestId("replay-conversations").getByRole("button").first().click();
  await expect(panel.getByTestId("replay-stored")).toContainText("Bye Ada");
  await expect(panel.getByTestId("replay-draft")).toContainText("London");
  await expect(panel.getByTestId("replay-draft")).not.toContainText("Bye Ada");
  await expectNoAxeViolations(page, "a conversation side by side");
});
