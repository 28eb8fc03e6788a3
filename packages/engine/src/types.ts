export type * from "./types/flow";
export type * from "./types/outcome";
export * from "./types/state";
