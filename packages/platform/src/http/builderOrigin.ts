import { platformEnv } from "../env";

/**
 * The builder's public origin (`BUILDER_URL`'s scheme, host and port): where its pages are, and the base of
 * the URLs it hands out. Never the request's own URL, which names the address the process listens on
 * (`http://0.0.0.0:3000`) behind a proxy or when Next listens on every interface.
 */
export const builderOrigin = new URL(platformEnv.BUILDER_URL).origin;
