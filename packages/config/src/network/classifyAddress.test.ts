import { describe, expect, it } from "vitest";
import { classifyAddress } from "./classifyAddress";

describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback", "127.0.0.1"],
    ["127.255.255.254", "loopback", "127.255.255.254"],
    ["0.0.0.0", "unspecified", "0.0.0.0"],
    ["0.1.2.3", "unspecified", "0.1.2.3"],
    ["10.0.0.1", "private", "10.0.0.1"],
    ["172.16.0.1", "private", "172.16.0.1"],
    ["172.31.255.255", "private", "172.31.255.255"],
    ["192.168.0.1", "private", "192.168.0.1"],
    ["169.254.1.1", "linkLocal", "169.254.1.1"],
    ["169.254.169.254", "metadata", "169.254.169.254"],
    ["169.254.170.2", "metadata", "169.254.170.2"],
    ["100.100.100.200", "metadata", "100.100.100.200"],
    ["100.64.0.1", "carrierGradeNat", "100.64.0.1"],
    ["224.0.0.1", "multicast", "224.0.0.1"],
    ["239.255.255.250", "multicast", "239.255.255.250"],
    ["255.255.255.255", "broadcast", "255.255.255.255"],
    ["240.0.0.1", "reserved", "240.0.0.1"],
    ["198.18.0.1", "reserved", "198.18.0.1"],
    ["198.19.255.255", "reserved", "198.19.255.255"],
    ["192.0.2.10", "reserved", "192.0.2.10"],
    ["198.51.100.7", "reserved", "198.51.100.7"],
    ["203.0.113.9", "reserved", "203.0.113.9"],
    ["192.0.0.8", "reserved", "192.0.0.8"],
    ["::1", "loopback", "::1"],
    ["[::1]", "loopback", "::1"],
    ["0:0:0:0:0:0:0:1", "loopback", "::1"],
    ["::", "unspecified", "::"],
    ["fc00::1", "private", "fc00::1"],
    ["fd12:3456:789a::1", "private", "fd12:3456:789a::1"],
    ["fec0::1", "private", "fec0::1"],
    ["fe80::1", "linkLocal", "fe80::1"],
    ["fe80::1%eth0", "linkLocal", "fe80::1%eth0"],
    ["ff02::1", "multicast", "ff02::1"],
    ["2001:db8::1", "reserved", "2001:db8::1"],
    ["fd00:ec2::254", "metadata", "fd00:ec2::254"],
    ["::ffff:127.0.0.1", "loopback", "127.0.0.1"],
    ["::ffff:7f00:1", "loopback", "127.0.0.1"],
    ["::ffff:169.254.169.254", "metadata", "169.254.169.254"],
    ["::ffff:10.0.0.1", "private", "10.0.0.1"],
    ["::ffff:0:7f00:1", "loopback", "127.0.0.1"],
    ["64:ff9b::7f00:1", "loopback", "127.0.0.1"],
    ["64:ff9b::a9fe:a9fe", "metadata", "169.254.169.254"],
    ["64:ff9b:1::a00:1", "private", "64:ff9b:1::a00:1"],
    ["2002:7f00:1::", "loopback", "127.0.0.1"],
    ["2002:a00:1::1", "private", "10.0.0.1"],
    // ipaddr.js reads a dotted quad after "::" as IPv4-mapped; either way it is loopback.
    ["::127.0.0.1", "loopback", "127.0.0.1"],
    ["::7f00:1", "reserved", "::7f00:1"],
    ["::a00:1", "reserved", "::a00:1"],
    ["2001::1", "reserved", "2001::1"],
    ["100::1", "reserved", "100::1"],
  ])("%s is %s", (text, category, address) => {
    const classified = classifyAddress(text);
    expect(classified?.category).toBe(category);
    expect(classified?.address).toBe(address);
  });

  it.each([
    ["93.184.216.34", "93.184.216.34"],
    ["8.8.8.8", "8.8.8.8"],
    ["172.32.0.1", "172.32.0.1"],
    ["2606:4700:4700::1111", "2606:4700:4700::1111"],
    ["::ffff:8.8.8.8", "8.8.8.8"],
    ["64:ff9b::808:808", "8.8.8.8"],
  ])("%s is public", (text, address) => {
    expect(classifyAddress(text)).toMatchObject({ category: "public", address });
  });

  it.each([
    "example.com",
    "localhost",
    "2130706433",
    "0x7f.1",
    "127.1",
    "0177.0.0.1",
    "",
    "[::1",
    "1.2.3.4.5",
  ])("%s is not an IP literal", (text) => {
    expect(classifyAddress(text)).toBeNull();
  });
});
