import { describe, expect, it } from "vitest";
import { isAddressAllowed, isHostNameAllowed, parseAllowList } from "./allowList";
import { classifyAddress } from "./classifyAddress";

const address = (text: string) => classifyAddress(text)!;

describe("parseAllowList", () => {
  it("accepts host names, wildcards, IPs and CIDR ranges, ignoring blanks and case", () => {
    const list = parseAllowList([
      " API.Internal ",
      "*.corp.example",
      "10.1.2.3",
      "[fd00::5]",
      "192.168.0.0/16",
      "",
      "fc00::/7",
    ]);
    expect(isHostNameAllowed(list, "api.internal")).toBe(true);
    expect(isHostNameAllowed(list, "a.b.corp.example")).toBe(true);
    expect(isHostNameAllowed(list, "corp.example")).toBe(false);
    expect(isHostNameAllowed(list, "evilcorp.example")).toBe(false);
    expect(isHostNameAllowed(list, "api.internal.evil.com")).toBe(false);
    expect(isAddressAllowed(list, address("10.1.2.3"))).toBe(true);
    expect(isAddressAllowed(list, address("10.1.2.4"))).toBe(false);
    expect(isAddressAllowed(list, address("fd00::5"))).toBe(true);
    expect(isAddressAllowed(list, address("192.168.44.1"))).toBe(true);
    expect(isAddressAllowed(list, address("::ffff:192.168.44.1"))).toBe(true);
    expect(isAddressAllowed(list, address("fd99::1"))).toBe(true);
    expect(isAddressAllowed(list, address("172.16.0.1"))).toBe(false);
  });

  it("translates international host names to their ASCII form", () => {
    expect(isHostNameAllowed(parseAllowList(["bücher.example"]), "xn--bcher-kva.example")).toBe(true);
  });

  it.each(["10.0.0.0/33", "10.0.0.0/x", "not a host!", "http://api.internal", "fc00::/129", "*."])(
    "refuses %s with a message naming the entry",
    (entry) => {
      expect(() => parseAllowList([entry])).toThrow(entry.trim());
    },
  );
});
