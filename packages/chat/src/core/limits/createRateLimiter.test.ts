import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./createRateLimiter";

describe("createRateLimiter reservations", () => {
  it("lets a burst through, then queues each further use one interval after the previous", () => {
    let time = 0;
    const limiter = createRateLimiter(10, () => time, { burst: 3 });
    expect([1, 2, 3, 4, 5].map(() => limiter.reserve("pair"))).toEqual([0, 0, 0, 6_000, 12_000]);
    time += 6_000;
    // The two queued ones took the tokens of these 6 s and the next: the queue goes on after them.
    expect(limiter.reserve("pair")).toBe(12_000);
    time += 60_000;
    expect(limiter.reserve("pair")).toBe(0);
  });

  it("refills up to the burst only", () => {
    let time = 0;
    const limiter = createRateLimiter(60, () => time);
    limiter.reserve("pair");
    time += 3_600_000;
    for (let i = 0; i < 10; i++) expect(limiter.reserve("pair")).toBe(0);
    expect(limiter.reserve("pair")).toBeGreaterThan(0);
  });

  it("keeps keys apart and is disabled by 0", () => {
    const limiter = createRateLimiter(4_800, () => 0, { burst: 80 });
    const waits = Array.from({ length: 82 }, () => limiter.reserve("phone-a"));
    expect(waits.slice(0, 80).every((wait) => wait === 0)).toBe(true);
    expect(waits.slice(80)).toEqual([13, 25]);
    expect(limiter.reserve("phone-b")).toBe(0);
    const off = createRateLimiter(0, () => 0);
    expect(Array.from({ length: 1000 }, () => off.reserve("x")).every((wait) => wait === 0)).toBe(true);
  });
});
