export type * from "./types/flow";
export type * from "./types/outcome";
export type * from "./types/replay";
export * from "./types/state";
