import { textSchema } from "@parley/schemas/text";
import QRCode from "qrcode";
import { z } from "zod";
import { startTwoFactorSetup as startSetup } from "../../accounts/twoFactorSettings";
import { authenticatedProcedure } from "../../trpc";

/**
 * Starts turning two-factor sign-in on: a new authenticator secret, as text to type and as a QR code (an SVG of
 * its `otpauth://` URI) to scan. Nothing changes at sign-in until `confirmTwoFactorSetup` takes its first code.
 */
export const startTwoFactorSetup = authenticatedProcedure
  .output(z.object({ secret: textSchema, uri: textSchema, qrCodeSvg: textSchema }))
  .mutation(async ({ ctx }) => {
    const { secret, uri } = await startSetup(ctx.prisma, ctx.user);
    const qrCodeSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    return { secret, uri, qrCodeSvg };
  });
