import { blockDefinitions } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { blockIcons } from "./blockIcons";

describe("block icons", () => {
  it.each(blockDefinitions.map((definition) => [definition.type, definition.catalogue.icon]))(
    "%s: its catalogue icon %s is in the icon table",
    (_type, icon) => {
      expect(Object.keys(blockIcons)).toContain(icon);
    },
  );

  it("holds only icons some block kind names", () => {
    const named = new Set(blockDefinitions.map((definition) => definition.catalogue.icon));
    expect(Object.keys(blockIcons).filter((icon) => !named.has(icon))).toEqual([]);
  });
});
