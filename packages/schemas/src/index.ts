export * from "./errors";
