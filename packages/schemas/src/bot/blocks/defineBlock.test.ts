import { describe, expect, expectTypeOf, it } from "vitest";
import type { SettingsOf } from "./defineBlock";
import type { RatingInputBlock } from "./inputs/ratingInput";
import { ratingInputBlock } from "./inputs/ratingInput";
import { setVariableBlock } from "./logic/setVariable";

describe("settings hooks", () => {
  it("receive the kind's options as its schema types them", () => {
    type Hook = NonNullable<NonNullable<typeof ratingInputBlock.settings>["isFieldVisible"]>;
    expectTypeOf<Parameters<Hook>[1]>().toEqualTypeOf<SettingsOf<RatingInputBlock>>();
    expectTypeOf<SettingsOf<RatingInputBlock>>().toEqualTypeOf<NonNullable<RatingInputBlock["options"]>>();
  });

  it("answer from the typed options", () => {
    const isVisible = ratingInputBlock.settings?.isFieldVisible;
    expect(isVisible?.("customIcon.svg", { customIcon: { isEnabled: true } })).toBe(true);
    expect(isVisible?.("customIcon.svg", {})).toBe(false);
    expect(setVariableBlock.settings?.isFieldVisible?.("timeZone", { type: "Now" })).toBe(true);
  });
});
