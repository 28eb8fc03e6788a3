// Writes dist/fonts: for each included theme font (@parley/schemas/bot/includedFonts), its
// Latin and Latin-extended WOFF2 files from the @fontsource package and one stylesheet
// (`<id>.css`, font-display: swap, unicode-range per subset) naming them by relative URL. The
// viewer and the builder serve the folder at /fonts/.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { includedFonts, includedFontWeights } from "@parley/schemas/bot/includedFonts";

const subsets = ["latin-ext", "latin"] as const;
export const fontsDirectory = fileURLToPath(new URL("../dist/fonts", import.meta.url));
const require = createRequire(import.meta.url);

/** The @font-face rules of one subset in a @fontsource weight stylesheet. */
function findFontFace(css: string, name: string): string | undefined {
  const start = css.indexOf(`/* ${name} */`);
  if (start < 0) return undefined;
  const end = css.indexOf("}", start);
  return css.slice(start, end + 1);
}

export function buildFonts() {
  rmSync(fontsDirectory, { recursive: true, force: true });
  mkdirSync(fontsDirectory, { recursive: true });
  for (const font of includedFonts) {
    const packageDirectory = path.dirname(require.resolve(`@fontsource/${font.id}/package.json`));
    const rules: string[] = [];
    for (const weight of includedFontWeights) {
      const weightCss = path.join(packageDirectory, `${weight}.css`);
      if (!existsSync(weightCss)) continue;
      const css = readFileSync(weightCss, "utf8");
      for (const subset of subsets) {
        const name = `${font.id}-${subset}-${weight}-normal`;
        const rule = findFontFace(css, name);
        if (!rule) continue;
        copyFileSync(
          path.join(packageDirectory, "files", `${name}.woff2`),
          path.join(fontsDirectory, `${name}.woff2`),
        );
        rules.push(
          rule
            .replace(/src:[^;]+;/, `src: url(${name}.woff2) format('woff2');`)
            .replace(/font-display:[^;]+;/, "font-display: swap;"),
        );
      }
    }
    if (rules.length === 0)
      throw new Error(`@fontsource/${font.id} has none of the weights ${includedFontWeights}`);
    writeFileSync(path.join(fontsDirectory, `${font.id}.css`), `${rules.join("\n\n")}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildFonts();
