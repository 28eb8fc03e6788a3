import { describe, expect, it } from "vitest";
import { findNewlyWaiting, formatWaitingCount, isInboxView, toListInput } from "./inboxViews";

describe("inbox views", () => {
  it("asks the list for each view's status and assignee, with the bot filter", () => {
    expect(toListInput("waiting", "w1", null)).toEqual({ workspaceId: "w1", status: "waiting" });
    expect(toListInput("mine", "w1", null)).toEqual({ workspaceId: "w1", status: "open", assignee: "me" });
    expect(toListInput("open", "w1", "b1")).toEqual({ workspaceId: "w1", status: "open", botId: "b1" });
    expect(toListInput("closed", "w1", "b1")).toEqual({ workspaceId: "w1", status: "closed", botId: "b1" });
    expect(isInboxView("mine")).toBe(true);
    expect(isInboxView("everything")).toBe(false);
    expect(isInboxView(null)).toBe(false);
  });

  it("notifies only conversations that started waiting after the first look", () => {
    expect(findNewlyWaiting(null, ["a", "b"])).toEqual([]);
    expect(findNewlyWaiting(new Set(["a"]), ["c", "a", "b"])).toEqual(["c", "b"]);
    expect(findNewlyWaiting(new Set(["a", "b"]), ["a"])).toEqual([]);
  });

  it("caps the badge where the count stops", () => {
    expect(formatWaitingCount(3, false)).toBe("3");
    expect(formatWaitingCount(100, true)).toBe("100+");
  });
});
