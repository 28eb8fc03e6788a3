import {
  type RotationReport,
  rotateEncryptionSecret,
} from "@parley/integrations/credentials/rotateEncryptionSecret";
import { integrationsEnv } from "@parley/integrations/env";
import { z } from "zod";
import { type CommandRun, UsageError, writeLine } from "./cliContext";
import { writeJson } from "./output";
import { limitOption, parseOptions } from "./parseOptions";
import { readCurrentSecret } from "./readCurrentSecret";

/** How the output names each kind of stored secret (every kind the rotation reports: a missing one does not compile). */
const reportLabels: Record<keyof RotationReport, string> = {
  credentials: "Credentials",
  webhookSecrets: "Result-webhook secrets",
  previousWebhookSecrets: "Replaced result-webhook secrets (overlap period)",
  twoFactorSecrets: "Authenticator secrets (two-factor sign-in)",
  workspaceSsoSecrets: "Single sign-on client secrets (workspaces' identity providers)",
};

export async function rotateSecrets(run: CommandRun, values: unknown) {
  const { batchSize } = parseOptions(z.object({ batchSize: limitOption }), values);
  const secret = await readCurrentSecret();
  const previousSecret = integrationsEnv.ENCRYPTION_SECRET_PREVIOUS;
  if (!secret)
    throw new UsageError("ENCRYPTION_SECRET is not set: it is the secret values are re-encrypted under");
  if (!previousSecret)
    throw new UsageError(
      "ENCRYPTION_SECRET_PREVIOUS is not set: it is the secret the stored values were encrypted under",
    );
  if (previousSecret === secret)
    throw new UsageError("ENCRYPTION_SECRET_PREVIOUS is ENCRYPTION_SECRET: there is nothing to rotate");
  const report = await rotateEncryptionSecret(await run.database(), { secret, previousSecret, batchSize });
  const unreadable = Object.values(report).flatMap((counts) => counts.unreadable);
  if (run.json) writeJson(run, report);
  else {
    for (const [kind, name] of Object.entries(reportLabels)) {
      const counts = report[kind as keyof RotationReport];
      writeLine(
        run.stdout,
        `${name}: ${counts.reencrypted} re-encrypted, ${counts.alreadyCurrent} already under ENCRYPTION_SECRET, ${counts.unreadable.length} unreadable${counts.unreadable.length > 0 ? ` (${counts.unreadable.join(", ")})` : ""}`,
      );
    }
  }
  if (unreadable.length > 0) {
    throw new Error(
      `${unreadable.length} stored value(s) open with neither secret: they were written under another one, or altered; enter them again in the builder`,
    );
  }
}
