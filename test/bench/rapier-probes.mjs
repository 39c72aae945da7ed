// The job of `collider-studio probes --json FILE` scripted with rapier2d-compat, for cli-scale.ts:
// read the scene file, put every shape in a rapier world (fixed colliders), cast every ray probe
// (closest hit) and print {"probes": [{id, hit, shape, fraction, point}]}. Loading included.
import { readFileSync } from "node:fs";
import process from "node:process";
import RAPIER from "@dimforge/rapier2d-compat";

await RAPIER.init();
const scene = JSON.parse(readFileSync(process.argv[2], "utf8"));
const world = new RAPIER.World({ x: 0, y: 0 });
const ids = new Map();
for (const s of scene.shapes) {
  const angle = s.type === "circle" ? 0 : (s.rotation * Math.PI) / 180;
  let d;
  if (s.type === "circle") d = RAPIER.ColliderDesc.ball(s.radius);
  else if (s.type === "box") d = RAPIER.ColliderDesc.cuboid(s.width / 2, s.height / 2);
  else if (s.type === "capsule") d = RAPIER.ColliderDesc.capsule(s.height / 2 - s.radius, s.radius);
  else d = RAPIER.ColliderDesc.convexHull(Float32Array.from(s.points.flat()));
  const c = world.createCollider(d.setTranslation(s.x, s.y).setRotation(angle));
  ids.set(c.handle, s.id);
}
world.step();
const out = [];
for (const p of scene.probes) {
  if (p.type !== "ray") continue;
  const [x1, y1] = p.from, [x2, y2] = p.to;
  const ray = new RAPIER.Ray({ x: x1, y: y1 }, { x: x2 - x1, y: y2 - y1 });
  const h = world.castRay(ray, 1, true);
  out.push(h ? { id: p.id, hit: true, shape: ids.get(h.collider.handle), fraction: h.timeOfImpact, point: ray.pointAt(h.timeOfImpact) } : { id: p.id, hit: false });
}
process.stdout.write(JSON.stringify({ probes: out }) + "\n");
