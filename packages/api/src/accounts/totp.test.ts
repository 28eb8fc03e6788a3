import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTotpSecret, findTotpStep, generateTotpCode, totpStepAt, totpUri } from "./totp";

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890"), in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

/** RFC 4226's HOTP written out here, to check the library's codes against the algorithm itself. */
function hotp(secretAscii: string, counter: number) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", Buffer.from(secretAscii)).update(message).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

describe("TOTP (RFC 6238)", () => {
  it("computes the RFC's test vectors (SHA-1, 30-second steps, 6 digits)", () => {
    // Appendix B: T = 59 s → 94287082 (8 digits), so 287082 with 6.
    expect(generateTotpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(generateTotpCode(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(generateTotpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
    expect(generateTotpCode(RFC_SECRET, 2_000_000_000_000)).toBe("279037");
    expect(generateTotpCode(RFC_SECRET, 1_234_567_890_000)).toBe(
      hotp("12345678901234567890", Math.floor(1_234_567_890 / 30)),
    );
  });

  it("accepts the current step's code and its neighbours', not two steps away", () => {
    const secret = createTotpSecret();
    const now = 1_800_000_015_000;
    const step = totpStepAt(now);
    const codeAt = (offsetSteps: number) => generateTotpCode(secret, now + offsetSteps * 30_000);
    expect(findTotpStep(secret, codeAt(0), { timestamp: now })).toBe(step);
    expect(findTotpStep(secret, codeAt(-1), { timestamp: now })).toBe(step - 1);
    expect(findTotpStep(secret, codeAt(1), { timestamp: now })).toBe(step + 1);
    for (const offset of [-3, -2, 2, 3]) {
      const code = codeAt(offset);
      // A code that happens to equal a neighbour's (1 in a million) would be accepted: skip that draw.
      if ([-1, 0, 1].some((near) => codeAt(near) === code)) continue;
      expect(findTotpStep(secret, code, { timestamp: now })).toBeNull();
    }
    // Spaces as apps show codes ("123 456") are ignored; anything but six digits is not a code.
    expect(findTotpStep(secret, `${codeAt(0).slice(0, 3)} ${codeAt(0).slice(3)}`, { timestamp: now })).toBe(
      step,
    );
    expect(findTotpStep(secret, "12345", { timestamp: now })).toBeNull();
    expect(findTotpStep(secret, "abcdef", { timestamp: now })).toBeNull();
  });

  it("refuses a code of the last accepted step or an earlier one (replay)", () => {
    const secret = createTotpSecret();
    const now = 1_800_000_015_000;
    const step = totpStepAt(now);
    const code = generateTotpCode(secret, now);
    expect(findTotpStep(secret, code, { timestamp: now, lastUsedStep: step - 1 })).toBe(step);
    expect(findTotpStep(secret, code, { timestamp: now, lastUsedStep: step })).toBeNull();
    // The previous step's code, still inside the window, once the current one was used.
    expect(
      findTotpStep(secret, generateTotpCode(secret, now - 30_000), { timestamp: now, lastUsedStep: step }),
    ).toBeNull();
  });

  it("makes 160-bit secrets and the otpauth URI authenticator apps scan", () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, "ada@example.com"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Parley:ada@example.com");
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: "Parley",
      secret,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});
