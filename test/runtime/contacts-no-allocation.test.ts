// The contact update behind overlaps() and the sensor and contact events, on the runtime package as
// a game gets it (the packed tarball installed into a fresh folder): a seeded walk whose contacts
// begin and end every few steps, with moveTo(), overlapsInto(), sensorEventsInto() and
// contactEventsInto() each step, runs 200,000 steps with no garbage collection
// (contacts-no-allocation.js.txt), and gives the same pairs and events as the allocating forms on
// the same walk, which do collect.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPackedCore } from "../package/packed-core";

const HERE = import.meta.dirname;
let dir = "";

beforeAll(() => {
  dir = installPackedCore("collider-contacts-");
  writeFileSync(join(dir, "contacts-no-allocation.mjs"), readFileSync(join(HERE, "contacts-no-allocation.js.txt"), "utf8"));
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Walk { gcs: number; pairs: number; depth: number; begins: number; ends: number; touches: number; leaves: number }

describe("the contact update in a game loop, on the installed package", () => {
  it("moves, lists the overlaps and the sensor and contact events 200,000 steps with no garbage collection; the allocating forms collect and agree", () => {
    // As for the queries (installed-package.test.ts): V8 optimizes on its main thread, each loop
    // starts after a full collection, and the memory reducer's timed collections are off.
    const out = JSON.parse(execFileSync(process.execPath, ["--no-concurrent-recompilation", "--expose-gc", "--no-memory-reducer", join(dir, "contacts-no-allocation.mjs")], { cwd: dir, encoding: "utf8" })) as Record<"into" | "plain", Walk>;
    expect(out.into.gcs).toBe(0);
    expect(out.plain.gcs).toBeGreaterThan(0);
    // Contacts begin and end all the time: over 200,000 steps, tens of thousands of sensor events
    // and a few pairs every step.
    expect(out.into.begins).toBeGreaterThan(50_000);
    expect(out.into.ends).toBeGreaterThan(50_000);
    expect(out.into.pairs).toBeGreaterThan(1_000_000);
    expect(out.into.touches).toBeGreaterThan(50_000);
    expect(out.into.leaves).toBeGreaterThan(50_000);
    expect({ ...out.into, gcs: 0 }).toEqual({ ...out.plain, gcs: 0 });
  }, 300_000);
});
