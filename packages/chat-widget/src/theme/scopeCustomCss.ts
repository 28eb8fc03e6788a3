/**
 * The author's custom CSS, made safe to put inside a <style> element and limited to the
 * widget: `@import` rules are hoisted (they are only valid first), the rest is nested under
 * the widget's root selector, and a stray `</style` cannot close the element.
 */
export function scopeCustomCss(css: string | undefined, rootSelector: string): string {
  if (!css?.trim()) return "";
  const withoutCloser = css.replace(/<\/?style/gi, "");
  const imports: string[] = [];
  const rest = withoutCloser.replace(/@import\s+[^;]+;/gi, (rule) => {
    imports.push(rule);
    return "";
  });
  // An unbalanced closing brace would end the nesting block and style the host page.
  let depth = 0;
  let balanced = "";
  for (const character of rest) {
    if (character === "}") {
      if (depth === 0) continue;
      depth--;
    } else if (character === "{") depth++;
    balanced += character;
  }
  balanced += "}".repeat(depth);
  return `${imports.join("\n")}\n${rootSelector}{${balanced}}`;
}
