import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./launcherEnv";

// Docker cannot run here: these check that the container files run the project's own scripts, the
// ones e2e/production.spec.ts and scripts/multiInstance.test.ts exercise without containers.
const read = (file: string) => readFileSync(path.join(projectRoot, file), "utf8");
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
const startProd = (scripts["start:prod"] ?? "").split(" ");

describe("Dockerfile and compose.yaml", () => {
  it("build with npm ci and npm run build and start npm run start:prod's command, as a non-root user", () => {
    const dockerfile = read("Dockerfile");
    expect(dockerfile).toMatch(/^RUN npm ci && npm run build && npm prune --omit=dev$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? "[]";
    expect(JSON.parse(cmd)).toEqual(startProd);
  });

  it("run the migrate step once, one service per server, and HAProxy with deploy/haproxy.cfg", () => {
    const compose = read("compose.yaml");
    expect(compose).toContain('command: ["npm", "run", "migrate"]');
    for (const service of ["builder", "viewer", "chat-server"]) {
      expect(compose).toContain(
        `command: ${JSON.stringify([...startProd, `--only=${service}`]).replaceAll(",", ", ")}`,
      );
    }
    expect(compose).toContain("./deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro");
    // Scalable: no fixed name or published port on the chat server.
    const chatServer = compose.slice(compose.indexOf("  chat-server:"), compose.indexOf("  haproxy:"));
    expect(chatServer).not.toMatch(/container_name|ports:/);
  });
});
