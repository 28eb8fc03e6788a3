import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./createRateLimiter";

describe("createRateLimiter", () => {
  it("allows a burst of ten seconds' worth, then refuses with the wait until the next token", () => {
    let time = 0;
    const limiter = createRateLimiter(60, () => time);
    for (let i = 0; i < 10; i++) expect(limiter.take("ip")).toBe(0);
    expect(limiter.take("ip")).toBe(1);
    time += 1_000;
    expect(limiter.take("ip")).toBe(0);
    expect(limiter.take("ip")).toBe(1);
  });

  it("keeps keys apart", () => {
    const time = 0;
    const limiter = createRateLimiter(6, () => time);
    for (let i = 0; i < 5; i++) expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(10);
    expect(limiter.take("b")).toBe(0);
  });

  it("refills up to the burst only", () => {
    let time = 0;
    const limiter = createRateLimiter(60, () => time);
    limiter.take("ip");
    time += 3_600_000;
    for (let i = 0; i < 10; i++) expect(limiter.take("ip")).toBe(0);
    expect(limiter.take("ip")).toBeGreaterThan(0);
  });

  it("is disabled by 0", () => {
    const limiter = createRateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(limiter.take("ip")).toBe(0);
  });
});
