// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { IntlProvider } from "use-intl";
import { afterEach, describe, expect, it } from "vitest";
import { interfaceMessages } from "@/i18n/interfaceMessages";
import { AbTestAnalyticsRow as Row } from "./AbTestAnalyticsRow";

afterEach(cleanup);

/** The row in the author's interface language (English unless told). */
const AbTestAnalyticsRow = ({
  locale = "en",
  ...props
}: ComponentProps<typeof Row> & { locale?: "en" | "fr" }) => (
  <IntlProvider locale={locale} messages={interfaceMessages[locale]}>
    <Row {...props} />
  </IntlProvider>
);

describe("AbTestAnalyticsRow", () => {
  it("shows each path's chats and completion and whether b's difference from a is significant", () => {
    render(
      <AbTestAnalyticsRow
        stats={{
          blockId: "ab1",
          paths: [
            { path: "a", chats: 430, completed: 215, completionRate: 0.5 },
            { path: "b", chats: 424, completed: 270, completionRate: 0.6368 },
          ],
          completionRate: { difference: 0.1368, pValue: 0.00004, isSignificant: true },
        }}
      />,
    );
    const row = screen.getByTestId("ab-test-analytics");
    expect(row.textContent).toContain("A: 430 chats, 50% completed");
    expect(row.textContent).toContain("B: 424 chats, 64% completed");
    expect(row.textContent).toContain("B − A: +13.7 pts, p < 0.001 (significant)");
  });

  it("says the same in the author's language", () => {
    render(
      <AbTestAnalyticsRow
        locale="fr"
        stats={{
          blockId: "ab1",
          paths: [
            { path: "a", chats: 430, completed: 215, completionRate: 0.5 },
            { path: "b", chats: 1, completed: 0, completionRate: 0 },
          ],
          completionRate: { difference: -0.5, pValue: 0.0432, isSignificant: false },
        }}
      />,
    );
    const row = screen.getByTestId("ab-test-analytics");
    expect(row.textContent).toContain("A : 430 conversations, 50\u00a0% terminées");
    expect(row.textContent).toContain("B : 1 conversation, 0\u00a0% terminées");
    expect(row.textContent).toContain("B − A : -50 pts, p = 0,043 (non significatif)");
  });

  it("shows no comparison when a path's completion is not told apart (no edge of its own)", () => {
    render(
      <AbTestAnalyticsRow
        stats={{
          blockId: "ab2",
          paths: [
            { path: "a", chats: 2, completed: 1, completionRate: 0.5 },
            { path: "b", chats: 3, completed: null, completionRate: null },
          ],
          completionRate: { difference: null, pValue: null, isSignificant: false },
        }}
      />,
    );
    const row = screen.getByTestId("ab-test-analytics");
    expect(row.textContent).toContain("B: 3 chats, – completed");
    expect(row.textContent).not.toContain("B − A");
  });
});
