import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { projectRoot } from "./launcherEnv";

// compose.yaml and the Dockerfile as the tests read them (Docker cannot run here): which container
// of which service sees which files, so that processes started without containers share exactly the
// folders their containers would share.

type ComposeVolume = string | { type?: string; source?: string; target?: string };

export interface ComposeService {
  command?: string[];
  volumes?: ComposeVolume[];
}

/** compose.yaml's services, with its `<<: *anchor` merges applied. */
export function readComposeServices(): Record<string, ComposeService> {
  const compose = parse(readFileSync(path.join(projectRoot, "compose.yaml"), "utf8"), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  return compose.services;
}

/** The image's DATA_DIR (the Dockerfile's runtime `ENV … DATA_DIR=…`). */
export function readImageDataDir(): string {
  const dockerfile = readFileSync(path.join(projectRoot, "Dockerfile"), "utf8");
  const dataDir = /^ENV .*\bDATA_DIR=(\S+)/m.exec(dockerfile)?.[1];
  if (!dataDir) throw new Error("the Dockerfile sets no DATA_DIR");
  return dataDir;
}

/** A mount as source (a named volume or a host path) and target (the path in the container). */
function toMount(volume: ComposeVolume): { source: string; target: string } {
  if (typeof volume !== "string") return { source: volume.source ?? "", target: volume.target ?? "" };
  const [source = "", target = ""] = volume.split(":");
  return { source, target };
}

/**
 * What `service` mounts at the image's DATA_DIR (a named volume or a host folder, shared by every
 * container mounting it), or undefined: its containers then keep DATA_DIR (uploaded files included)
 * on their own disk, each replica apart from the others.
 */
export function dataVolumeOf(service: string, services = readComposeServices()): string | undefined {
  const definition = services[service];
  if (!definition) throw new Error(`compose.yaml has no service "${service}"`);
  const dataDir = readImageDataDir();
  const mount = (definition.volumes ?? []).map(toMount).find((candidate) => candidate.target === dataDir);
  return mount?.source || undefined;
}

/**
 * DATA_DIR, under `root`, of replica `replica` of `service` started without containers: the folder
 * of what compose mounts there (the same folder for every container mounting it), else a folder of
 * that replica's own.
 */
export function composeDataDir(root: string, service: string, replica: number): string {
  const volume = dataVolumeOf(service);
  return volume
    ? path.join(root, "volumes", encodeURIComponent(volume))
    : path.join(root, "containers", `${service}-${replica}`);
}
