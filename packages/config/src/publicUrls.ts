/** BUILDER_URL, else the builder on this machine at BUILDER_PORT. */
export function builderUrlOf(config: { BUILDER_URL?: string | undefined; BUILDER_PORT: number }): string {
  return config.BUILDER_URL ?? `http://localhost:${config.BUILDER_PORT}`;
}

/** VIEWER_URL, else the viewer on this machine at VIEWER_PORT. */
export function viewerUrlOf(config: { VIEWER_URL?: string | undefined; VIEWER_PORT: number }): string {
  return config.VIEWER_URL ?? `http://localhost:${config.VIEWER_PORT}`;
}
