// npm run check:cycles: fails when a module of packages/*/src imports itself back through others
// (types-only imports count: a circle of types still ties the files together). Reads the imports with
// dpdm, resolved as TypeScript does. The generated Prisma client (packages/db/src/generated) is left out.
import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Circles found when this check was added, in packages/engine and packages/schemas (each written from
 * its alphabetically first file). Each one listed here must still exist (so the list only shrinks); any
 * other circle fails the check.
 */
const knownCircles: readonly string[] = [
  "packages/schemas/src/bot/blocks/bubbles/audio.ts -> packages/schemas/src/bot/blocks/defineBlock.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/bubbles.ts",
  "packages/schemas/src/bot/blocks/bubbles/embed.ts -> packages/schemas/src/bot/blocks/defineBlock.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/bubbles.ts",
  "packages/schemas/src/bot/blocks/bubbles/image.ts -> packages/schemas/src/bot/blocks/defineBlock.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/bubbles.ts",
  "packages/schemas/src/bot/blocks/bubbles/image.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/bubbles.ts",
  "packages/schemas/src/bot/blocks/bubbles/text.ts -> packages/schemas/src/bot/blocks/defineBlock.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/bubbles.ts",
  "packages/schemas/src/bot/blocks/bubbles/text.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/bubbles.ts",
  "packages/schemas/src/bot/blocks/bubbles/video.ts -> packages/schemas/src/bot/blocks/defineBlock.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/bubbles.ts",
  "packages/schemas/src/bot/blocks/bubbles/video.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/bubbles.ts",
  "packages/schemas/src/bot/blocks/bubbles/audio.ts -> packages/schemas/src/bot/blocks/defineBlock.ts -> packages/schemas/src/bot/blocks/textChannel.ts -> packages/schemas/src/chat/input.ts -> packages/schemas/src/bot/blocks/index.ts",
  "packages/schemas/src/bot/blocks/bubbles/audio.ts -> packages/schemas/src/bot/blocks/defineBlock.ts -> packages/schemas/src/bot/blocks/textChannel.ts",
  "packages/schemas/src/bot/blocks/defineBlock.ts -> packages/schemas/src/bot/blocks/textChannel.ts",
  "packages/schemas/src/bot/blocks/inputs/ratingInput.ts -> packages/schemas/src/bot/blocks/inputs/ratingScale.ts",
  "packages/engine/src/walk/divertToReplyEvent.ts -> packages/engine/src/walk/processInputReply.ts",
  "packages/engine/src/walk/divertToReplyEvent.ts -> packages/engine/src/walk/walkFlowForward.ts -> packages/engine/src/walk/processInputReply.ts",
  "packages/engine/src/walk/processInputReply.ts -> packages/engine/src/walk/saveAnswer.ts",
  "packages/engine/src/walk/processInputReply.ts -> packages/engine/src/walk/walkFlowForward.ts",
];

const tree = await parseDependencyTree("packages/*/src/**/*.{ts,tsx}", {
  cwd: root,
  context: root,
  include: /packages\/[^/]+\/src\//,
  exclude: /node_modules|packages\/db\/src\/generated\//,
  tsconfig: path.join(root, "tsconfig.json"),
  transform: false,
});
/** A circle written from its alphabetically first file, so the same circle reads the same whatever the walk's order. */
function toCircleText(files: readonly string[]): string {
  const first = files.indexOf([...files].sort()[0] ?? "");
  return [...files.slice(first), ...files.slice(0, first)].join(" -> ");
}

const circles = parseCircular(tree).map(toCircleText);
const isKnown = new Set(knownCircles);
const found = new Set(circles);
const unexpected = circles.filter((circle) => !isKnown.has(circle));
const gone = knownCircles.filter((circle) => !found.has(circle));

console.log(`${Object.keys(tree).length} modules of packages/*/src, ${circles.length} import circles`);
for (const circle of circles) console.log(`${isKnown.has(circle) ? "known" : "NEW  "} ${circle}`);
for (const circle of gone)
  console.log(`gone  ${circle} (remove it from knownCircles in scripts/checkCycles.ts)`);
if (unexpected.length > 0 || gone.length > 0) {
  console.error(
    `check:cycles: ${unexpected.length} new import circle(s), ${gone.length} known circle(s) gone from the code`,
  );
  process.exit(1);
}
