/** At most this many paths are listed (a large body lists its first ones). */
const MAX_PATHS = 50;

/**
 * The mapping paths of a received body (`data.order.id`, `data.items[0].sku`), its leaves in order:
 * what the author types in a response mapping's "Body path".
 */
export function listBodyPaths(body: unknown): string[] {
  const paths: string[] = [];
  const visit = (value: unknown, path: string) => {
    if (paths.length >= MAX_PATHS) return;
    if (Array.isArray(value) && value.length > 0) {
      value.forEach((item, index) => {
        visit(item, `${path}[${index}]`);
      });
    } else if (value !== null && typeof value === "object" && Object.keys(value).length > 0) {
      for (const [key, item] of Object.entries(value)) {
        visit(item, /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);
      }
    } else paths.push(path);
  };
  visit(body, "data");
  return paths;
}
