// The bot engine: pure functions over (flow, state, reply, ports). Filled in by the engine modules.
export {};
