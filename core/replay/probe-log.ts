// A scene's ray probes as a QA ray log (JSON Lines), each line recording the probe's hit in the
// world as its `expect`: the baseline a replay compares a later version of the level against. A
// probe's name goes in as an extra `name` field, which a replay keeps; sweep probes have no place
// in a ray log (its lines are rays) and are counted apart.
import type { CollisionWorld } from "../collision-world";
import type { Probe } from "../scene/types";
import { expectationOf } from "./compare";
import { rayLine } from "./ray-log";
import type { RayRecord } from "./types";

/** probeRayLog's answer: the log's text, and how many rays it holds and sweeps it left out. */
export interface ProbeRayLog {
  readonly text: string;
  readonly rays: number;
  readonly sweeps: number;
}

/** A ray probe as a ray log's record (line: its place among the ray probes, from 1). */
export function rayRecordOfProbe(probe: Extract<Probe, { type: "ray" }>, line: number): RayRecord {
  return {
    line, id: probe.id, from: probe.from, to: probe.to,
    ...(probe.mask === undefined ? {} : { mask: probe.mask }),
    ...(probe.includeSensors === undefined ? {} : { includeSensors: probe.includeSensors }),
    extra: probe.name === "" ? {} : { name: probe.name },
  };
}

/**
 * The ray probes of `probes` as a ray log, each with the world's closest hit (through
 * `world.probe`, so its mask and includeSensors hold) as its expectation.
 *
 * @param includeSensors - Let sensors stop every ray, as replay's --include-sensors; each line then says so.
 */
export function probeRayLog(world: CollisionWorld, probes: readonly Probe[], includeSensors = false): ProbeRayLog {
  let text = "", rays = 0;
  for (const p of probes) {
    if (p.type !== "ray") continue;
    const probe = includeSensors ? { ...p, includeSensors: true } : p;
    text += `${rayLine(rayRecordOfProbe(probe, ++rays), expectationOf(world.probe(probe)))}\n`;
  }
  return { text, rays, sweeps: probes.length - rays };
}

/** A ray's `name` field (a log saved from a scene's probes), or undefined when it has none or a blank one. */
export function rayName(ray: RayRecord): string | undefined {
  const name = ray.extra.name;
  return typeof name === "string" && name.trim() !== "" ? name : undefined;
}

/** What a ray is called on the canvas: its `name` field when it has one, else its id. */
export const rayLabel = (ray: RayRecord): string => rayName(ray) ?? ray.id;

/** What a ray is called in the command line's reports: its id and, when it has one, its name (`ray-1 "floor probe A"`). */
export function rayTitle(ray: RayRecord): string {
  const name = rayName(ray);
  return name === undefined ? ray.id : `${ray.id} ${JSON.stringify(name)}`;
}
