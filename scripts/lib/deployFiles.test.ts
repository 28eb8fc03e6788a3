import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleServers, serverBundleDir } from "./bundleServers";
import { dataVolumeOf, readComposeServices } from "./composeFile";
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

/**
 * The backend deploy/haproxy.cfg's `parley` frontend sends a request to, read from its `acl`,
 * `use_backend` and `default_backend` lines (the criteria the file uses: path_reg, path_beg, and the
 * host name compared with BUILDER_HOST). An unknown criterion fails the test rather than guess.
 */
function routeOf(request: { host: "builder" | "viewer"; path: string }): string {
  const frontend = haproxySection("frontend parley");
  const acls = new Map<string, boolean>();
  for (const [, name = "", criterion = "", rest = ""] of frontend.matchAll(/^\s*acl (\S+) (\S+) (.*)$/gm)) {
    const patterns = rest.trim().split(/\s+/);
    const matched =
      criterion === "path_reg"
        ? patterns.some((pattern) => new RegExp(pattern).test(request.path))
        : criterion === "path_beg"
          ? patterns.some((pattern) => request.path.startsWith(pattern))
          : criterion.startsWith("req.hdr(host)") && rest.includes("${BUILDER_HOST")
            ? request.host === "builder"
            : undefined;
    if (matched === undefined) throw new Error(`acl ${name}: criterion ${criterion} is not read here`);
    acls.set(name, (acls.get(name) ?? false) || matched);
  }
  for (const [, backend = "", condition = ""] of frontend.matchAll(/^\s*use_backend (\S+) if (.+)$/gm)) {
    const terms = condition.trim().split(/\s+/);
    if (terms.every((term) => (term.startsWith("!") ? !acls.get(term.slice(1)) : acls.get(term)))) {
      return backend;
    }
  }
  return /^\s*default_backend (\S+)$/m.exec(frontend)?.[1] ?? "";
}

/** The lines of one section (`frontend parley`, `backend viewer`…) of deploy/haproxy.cfg. */
function haproxySection(header: string): string {
  const lines = read("deploy/haproxy.cfg").split("\n");
  const first = lines.indexOf(header);
  if (first < 0) throw new Error(`deploy/haproxy.cfg has no "${header}"`);
  // Sections start at the line's beginning; so do comments and `.if` blocks, which stay inside.
  const next = lines.findIndex((line, index) => index > first && /^[a-z]/.test(line));
  return lines.slice(first + 1, next < 0 ? undefined : next).join("\n");
}

/** The compose service a backend's servers are (server-template's default `service:port`). */
function serviceOf(backend: string): string {
  const template = /server-template \S+ \S+ "\$\{\w+-([\w-]+):\d+\}"/.exec(
    haproxySection(`backend ${backend}`),
  );
  if (!template?.[1]) throw new Error(`backend ${backend}: no server-template naming a compose service`);
  return template[1];
}

describe("uploads without S3 under compose.yaml", () => {
  it("land on storage that every service receiving or serving a file mounts: one volume at DATA_DIR", () => {
    const services = readComposeServices();
    const file = "/api/v1/files/public/w1/b1/r1/f1/scan.png";
    const upload = "/api/v1/sessions/s1/uploads";
    const put = `${upload}/f1/scan.png`;
    // A visitor's upload on the viewer's host (and custom domains); a preview's on the builder's.
    const routes = (["viewer", "builder"] as const).flatMap((host) =>
      [upload, put, file].map((requestPath) => serviceOf(routeOf({ host, path: requestPath }))),
    );
    expect(routes).toEqual(["chat-server", "chat-server", "viewer", "builder", "builder", "builder"]);
    // The builder also deletes a deleted workspace's files.
    const involved = [...new Set([...routes, "builder"])];
    const volumes = involved.map((service) => dataVolumeOf(service, services));
    expect(volumes).toEqual(involved.map(() => "parley-data"));
  });
});

describe("the production image's CLI", () => {
  it("is the bundled CLI as the `parley` command, on PATH", async () => {
    const { externalImports } = await bundleServers();
    expect(externalImports).toContain("commander");
    const launcher = read("bin/parley");
    expect(launcher).toContain('exec node "$root/dist/server/cli.mjs" "$@"');
    expect(statSync(path.join(serverBundleDir, "cli.mjs")).isFile()).toBe(true);
    expect(statSync(path.join(projectRoot, "bin/parley")).mode & 0o111).toBe(0o111);
    const dockerfile = read("Dockerfile");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(runtime).toMatch(/^COPY --from=build \/app\/bin \.\/bin$/m);
    expect(runtime).toMatch(/^RUN .*\bln -s \/app\/bin\/parley \/usr\/local\/bin\/parley\b/m);
    expect(runtime).toMatch(/^WORKDIR \/app$/m);
  }, 60_000);
});
