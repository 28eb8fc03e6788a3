import { describe, expect, it } from "vitest";
import { createWhatsAppSendRate } from "./createWhatsAppSendRate";

describe("createWhatsAppSendRate", () => {
  it("lets 80 messages a second out of one phone number, then queues the next ones", () => {
    const time = 0;
    const rate = createWhatsAppSendRate(80, () => time);
    const waits = Array.from({ length: 100 }, (_, index) => rate.reserve("phone-1", `user-${index}`));
    expect(waits.slice(0, 80).every((wait) => wait === 0)).toBe(true);
    // One more every 12.5 ms, in the order asked.
    expect(waits.slice(80, 84)).toEqual([13, 25, 38, 50]);
    expect(waits[99]).toBe(250);
    // Another business number has its own throughput.
    expect(rate.reserve("phone-2", "user-0")).toBe(0);
  });

  it("sends a turn of a few messages to one user at once, and spaces a sustained stream 6 s apart", () => {
    let time = 0;
    const rate = createWhatsAppSendRate(80, () => time);
    const turn = () => Array.from({ length: 5 }, () => rate.reserve("phone-1", "ada"));
    expect(turn()).toEqual([0, 0, 0, 0, 0]);
    time += 10_000;
    expect(turn()).toEqual([0, 0, 0, 0, 0]);
    // 10 s refilled 1⅔ of the 10 used: 11 more go at once, then (each wait waited out, as the
    // channel does) the next when its token is full, and one every 6 s after it.
    const waits: number[] = [];
    for (let index = 0; index < 14; index++) {
      const wait = rate.reserve("phone-1", "ada");
      waits.push(wait);
      time += wait;
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2_000, 6_000, 6_000]);
    // Other users of the same number are not held back by Ada's stream.
    expect(rate.reserve("phone-1", "grace")).toBe(0);
  });
});
