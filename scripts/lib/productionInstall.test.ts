import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageLayout, type ImageLayout } from "../../e2e/support/imageLayout";
import { bundleServers } from "./bundleServers";

describe("a production install without DATABASE_URL", () => {
  let image: ImageLayout | undefined;
  beforeAll(async () => {
    await bundleServers();
    image = await createImageLayout();
  }, 120_000);
  afterAll(async () => {
    await image?.remove();
  });

  it("says to set DATABASE_URL when a command reaches the embedded PostgreSQL, which it leaves out", () => {
    // Outside NODE_ENV=production the CLI opens the embedded PostgreSQL of DATA_DIR, as `npm start` does; the
    // layout's node_modules holds the production packages only, as the image's does.
    const run = image?.parley(["workspace", "list"], { env: { NODE_ENV: "development", DATA_DIR: "data" } });
    expect(run?.status).toBe(1);
    expect(String(run?.stderr)).toContain(
      "The embedded PostgreSQL is not installed (it is a development dependency): set DATABASE_URL to your PostgreSQL database, or run `npm install`.",
    );
    expect(String(run?.stderr)).not.toContain("ERR_MODULE_NOT_FOUND");
  });
});
