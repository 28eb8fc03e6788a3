/** Next.js start-up hook: the hourly billing and inactivity e-mail jobs run in the builder's Node.js server. */
export async function register() {
  // biome-ignore lint/style/noProcessEnv: Next.js tells the runtime only through this variable
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A production server without ENCRYPTION_SECRET stops here, with the reason.
  const { stopServerWithoutEncryptionSecret } = await import(
    "@parley/integrations/credentials/requireEncryptionSecret"
  );
  stopServerWithoutEncryptionSecret();
  const { startBillingJob, startInactiveWorkspaceJob } = await import("@parley/api");
  startBillingJob();
  startInactiveWorkspaceJob();
}
