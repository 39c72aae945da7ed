// Runs an exported Godot 3 scene in godot3-server headless: the script instances scene.tscn, waits
// for physics frames, casts rays with Godot's own physics (Physics2DDirectSpaceState.intersect_ray,
// areas included only when a ray asks) and prints every hit and every node (its metadata, groups,
// and the node each NodePath metadata value reaches).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onPath } from "../on-path";
import type { Vec2 } from "../../core/vec2";

export const GODOT3 = "godot3-server";
export const godot3OnPath = onPath(GODOT3) !== undefined;

export interface GodotRayInput {
  readonly from: Vec2;
  readonly to: Vec2;
  /** Areas (our sensors) can stop it too: intersect_ray's collide_with_areas. */
  readonly areas?: boolean;
}
/** A w × h box at (x, y) moved by (dx, dy): does a KinematicBody2D's test_move collide? */
export interface GodotMoveInput {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly dx: number;
  readonly dy: number;
}
export interface GodotRay { readonly hit: boolean; readonly x?: number; readonly y?: number; readonly nx?: number; readonly ny?: number; readonly node?: string }
export interface GodotNode {
  readonly path: string;
  readonly type: string;
  readonly meta: Record<string, unknown>;
  readonly layer?: number;
  readonly mask?: number;
  readonly visible?: boolean;
  /** A CollisionShape2D's one_way_collision. */
  readonly oneWay?: boolean;
  /** Its groups (get_groups), when it has any. */
  readonly groups?: readonly string[];
  /** Each NodePath metadata value (not empty): the node get_node finds from this one, as a path from the root ("" if none). */
  readonly refs?: Record<string, string>;
}

const SCRIPT = `extends SceneTree
# Loads scene.tscn and one KinematicBody2D box per move of rays.json, waits for physics frames, then
# prints one "RAY " line per ray, one "MOVE " line per move (test_move: whether it collides) and one
# "NODE " line per node of the scene, and quits.
var frames = 0
var input
var movers = []

func _init():
	var f = File.new()
	f.open("res://rays.json", File.READ)
	input = parse_json(f.get_as_text())
	f.close()
	get_root().add_child(load("res://scene.tscn").instance())
	for m in input.moves:
		var body = KinematicBody2D.new()
		body.collision_layer = 0
		body.collision_mask = 0xFFFFFFFF
		var shape = CollisionShape2D.new()
		shape.shape = RectangleShape2D.new()
		shape.shape.extents = Vector2(m[2] / 2, m[3] / 2)
		body.add_child(shape)
		body.position = Vector2(m[0], m[1])
		get_root().add_child(body)
		movers.append(body)

func _value(v):
	if typeof(v) == TYPE_COLOR:
		return [v.r, v.g, v.b, v.a]
	if typeof(v) == TYPE_NODE_PATH:
		return "NodePath:" + str(v)
	return v

func _nodes(node, path):
	var root = get_root().get_child(0)
	for child in node.get_children():
		var p = child.name if path == "" else path + "/" + child.name
		var info = {"path": p, "type": child.get_class(), "meta": {}}
		for k in child.get_meta_list():
			var v = child.get_meta(k)
			info.meta[k] = _value(v)
			if typeof(v) == TYPE_NODE_PATH and not v.is_empty():
				var target = child.get_node_or_null(v)
				if not info.has("refs"):
					info.refs = {}
				info.refs[k] = "" if target == null else str(root.get_path_to(target))
		var groups = []
		for g in child.get_groups():
			if not str(g).begins_with("_"):
				groups.append(str(g))
		if groups.size() > 0:
			info.groups = groups
		if child is CollisionObject2D:
			info.layer = child.collision_layer
			info.mask = child.collision_mask
			info.visible = child.visible
		if child is CollisionShape2D and child.one_way_collision:
			info.oneWay = true
		print("NODE " + to_json(info))
		_nodes(child, p)

func _iteration(_delta):
	frames += 1
	if frames < 3:
		return false
	var root = get_root().get_child(0)
	var space = root.get_world_2d().direct_space_state
	for r in input.rays:
		var hit = space.intersect_ray(Vector2(r[0], r[1]), Vector2(r[2], r[3]), [], 0xFFFFFFFF, true, r[4])
		if hit.empty():
			print("RAY " + to_json({"hit": false}))
		else:
			var body = hit.collider
			var node = body.shape_owner_get_owner(body.shape_find_owner(hit.shape))
			print("RAY " + to_json({"hit": true, "x": hit.position.x, "y": hit.position.y, "nx": hit.normal.x, "ny": hit.normal.y, "node": body.name + "/" + node.name}))
	for i in range(movers.size()):
		var m = input.moves[i]
		print("MOVE " + to_json({"hit": movers[i].test_move(movers[i].transform, Vector2(m[4], m[5]))}))
	_nodes(root, "")
	quit()
	return false
`;

const dirs: string[] = [];

/** Removes the temporary projects (call from afterAll). */
export function removeGodotProjects(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Runs `tscn` (a Godot 3 scene) in godot3-server and returns what the script printed. */
export function runGodot3(tscn: string, rays: readonly GodotRayInput[], moves: readonly GodotMoveInput[] = []): { rays: GodotRay[]; moves: boolean[]; nodes: GodotNode[] } {
  const dir = mkdtempSync(join(tmpdir(), "godot3-export-"));
  dirs.push(dir);
  writeFileSync(join(dir, "project.godot"), 'config_version=4\n\n[application]\n\nconfig/name="collider-studio export test"\n');
  writeFileSync(join(dir, "scene.tscn"), tscn);
  writeFileSync(join(dir, "rays.json"), JSON.stringify({ rays: rays.map((r) => [r.from.x, r.from.y, r.to.x, r.to.y, r.areas === true]), moves: moves.map((m) => [m.x, m.y, m.w, m.h, m.dx, m.dy]) }));
  writeFileSync(join(dir, "rays.gd"), SCRIPT);
  // Godot writes its user data under XDG_DATA_HOME: keep it in the temporary project.
  const out = execFileSync(GODOT3, ["--path", dir, "-s", "rays.gd"], { encoding: "utf8", timeout: 60_000, env: { ...process.env, XDG_DATA_HOME: join(dir, ".data") }, stdio: ["ignore", "pipe", "pipe"] });
  const lines = out.split("\n");
  const pick = <T>(tag: string) => lines.filter((l) => l.startsWith(tag)).map((l) => JSON.parse(l.slice(tag.length)) as T);
  return { rays: pick<GodotRay>("RAY "), moves: pick<{ hit: boolean }>("MOVE ").map((m) => m.hit), nodes: pick<GodotNode>("NODE ") };
}
