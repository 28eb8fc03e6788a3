// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { IntlProvider } from "use-intl";
import { afterEach, describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { ConversationSummary } from "./ConversationSummary";

afterEach(cleanup);

describe("ConversationSummary", () => {
  it("shows the AI agent's summary under its heading, line breaks kept, in the interface language", () => {
    const summary = "Ada's shoes (order A-42) arrived damaged.\nShe wants a refund, not a replacement.";
    render(
      <IntlProvider locale="fr" messages={interfaceMessages.fr}>
        <ConversationSummary summary={summary} />
      </IntlProvider>,
    );
    const region = screen.getByRole("region", { name: "Résumé de l’agent IA" });
    expect(region.querySelector("p")?.textContent).toBe(summary);
    expect(region.querySelector("p")?.className).toContain("whitespace-pre-wrap");
  });
});
