import rootPackage from "../../../package.json" with { type: "json" };

/**
 * The release this process runs: the root package.json's `version`, read at build time by the bundler
 * (and at run time under tsx). Shown by `parley --version`, in health answers and on every log line.
 */
export const parleyVersion: string = rootPackage.version;
