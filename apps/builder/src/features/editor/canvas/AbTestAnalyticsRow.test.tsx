// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AbTestAnalyticsRow } from "./AbTestAnalyticsRow";

afterEach(cleanup);

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
