export * from "./bubbles";
export * from "./clientSideActions";
export * from "./computeTypingDelay";
export * from "./input";
export * from "./logs";
export * from "./message";
export * from "./requests";
export * from "./responses";
