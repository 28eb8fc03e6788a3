import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 A and AA, as axe-core tags them (2.0, 2.1 and 2.2 success criteria). */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe-core over the page as it is now (shadow roots included); fails listing each violation. */
export async function expectNoAxeViolations(page: Page, where: string) {
  // Colours are read once every finite animation and transition (a bubble fading in) has ended: halfway
  // through, a fade is a contrast no visitor is left with. Endless ones (the typing dots) are not waited for.
  for (const frame of page.frames()) {
    await frame.waitForFunction(() => {
      // The widget draws in shadow roots: each one lists its own animations.
      const shadowRoots = [...document.querySelectorAll("*")].flatMap((element) =>
        element.shadowRoot ? [element.shadowRoot] : [],
      );
      return [document, ...shadowRoots]
        .flatMap((root) => root.getAnimations())
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .every((animation) => animation.playState !== "running");
    });
  }
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`)
        .join("\n")}`,
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}
