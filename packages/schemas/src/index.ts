export * from "./bot";
export * from "./chat";
export * from "./errors";
export * from "./objectPath";
