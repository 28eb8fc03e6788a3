// Some registries (this project's build machines among them) answer 404 for the
// other platforms' optional binaries (@biomejs/cli-darwin-arm64, @turbo/windows-64, …),
// so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the
// lock as out of sync. This adds an entry (version, os, cpu) for each missing optional
// dependency; npm skips them on other platforms and fetches them by name@version on
// their own platform.
const fs = require("node:fs");
const path = require("node:path");

const lockPath = path.join(__dirname, "..", "..", "package-lock.json");
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
const packages = lock.packages;
const present = new Set(Object.keys(packages).map((key) => key.replace(/.*node_modules\//, "")));

function platformOf(name) {
  const n = name.toLowerCase();
  const os = /darwin/.test(n)
    ? "darwin"
    : /win32|windows/.test(n)
      ? "win32"
      : /android/.test(n)
        ? "android"
        : /freebsd/.test(n)
          ? "freebsd"
          : /linux/.test(n)
            ? "linux"
            : null;
  const cpu = /arm64/.test(n)
    ? "arm64"
    : /ppc64/.test(n)
      ? "ppc64"
      : /ia32/.test(n)
        ? "ia32"
        : /-arm(-|$)|gnueabihf/.test(n)
          ? "arm"
          : /wasm32/.test(n)
            ? "wasm32"
            : /x64|-64$/.test(n)
              ? "x64"
              : null;
  return { os, cpu, libc: /musl/.test(n) ? "musl" : null };
}

let added = 0;
for (const [key, entry] of Object.entries({ ...packages })) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (present.has(name)) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    const stub = { version, optional: true };
    if (entry.dev) stub.dev = true;
    if (os) stub.os = [os];
    if (cpu) stub.cpu = [cpu];
    if (libc) stub.libc = [libc];
    const parent = key.startsWith("node_modules/")
      ? ""
      : `${key.replace(/\/node_modules\/(@[^/]+\/)?[^/]+$/, "")}/`;
    packages[`${parent}node_modules/${name}`] = stub;
    present.add(name);
    added++;
  }
}
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
