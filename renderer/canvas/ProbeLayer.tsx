// Draws the scene's probes live: a ray up to its first hit (the rest dashed) with the hit point
// and normal; a sweep as the whole area its shape covers, its pose at first contact as a ghost,
// the contact point and normal. Selected probes get handles at their ends.
import { Arrow, Circle, Group, Line, Shape as KonvaShape, Text } from "react-konva";
import { collisionBody, sweptHull, type CastHit, type Probe, type RayProbe, type Shape, type PathSink, type SweepProbe, type Vec2 } from "../../core";
import { handleId } from "../tools/select/select-tool";
import { usePixel } from "./pixel";
import { ShapeNode } from "./ShapeNode";
import { useCanvasTheme } from "./theme";
import { anchored, offsetSink } from "./draw-origin";

/** Normals are drawn this long (screen pixels). */
const NORMAL_LENGTH = 28;

/** Traces a rounded convex outline (hull points with positive turns, grown by r) as a path. */
export function traceRoundedHull(ctx: PathSink, pts: readonly Vec2[], r: number): void {
  const n = pts.length;
  if (n === 1) {
    ctx.arc(pts[0]!.x, pts[0]!.y, Math.max(r, 1), 0, 2 * Math.PI);
  } else {
    for (let i = 0; i < n; i++) {
      const prev = pts[(i + n - 1) % n]!, cur = pts[i]!, next = pts[(i + 1) % n]!;
      // Outward normals of the edges into and out of this corner: (ey, −ex) for positive turns.
      const a0 = Math.atan2(-(cur.x - prev.x), cur.y - prev.y);
      const a1 = Math.atan2(-(next.x - cur.x), next.y - cur.y);
      if (r > 0) ctx.arc(cur.x, cur.y, r, a0, a1);
      else if (i === 0) ctx.moveTo(cur.x, cur.y);
      else ctx.lineTo(cur.x, cur.y);
    }
  }
  ctx.closePath();
}

function HitMarker({ hit, color }: { hit: CastHit; color: string }) {
  const THEME = useCanvasTheme();
  const { point: p, normal: nrm } = hit;
  const px = usePixel();
  const len = NORMAL_LENGTH * px;
  return (
    <>
      <Arrow {...anchored([p.x, p.y, p.x + nrm.x * len, p.y + nrm.y * len])} stroke={color} fill={color} strokeWidth={2} strokeScaleEnabled={false} pointerLength={6 * px} pointerWidth={6 * px} listening={false} />
      <Circle x={p.x} y={p.y} radius={4 * px} fill={color} stroke={THEME.background} strokeWidth={1.5} strokeScaleEnabled={false} listening={false} />
    </>
  );
}

function Handle({ id, x, y }: { id: string; x: number; y: number }) {
  const THEME = useCanvasTheme();
  const px = usePixel();
  return <Circle id={id} name="probe-handle" x={x} y={y} radius={6 * px} fill={THEME.background} stroke={THEME.selected} strokeWidth={2} strokeScaleEnabled={false} />;
}

function RayNode({ probe, hit, selected }: { probe: RayProbe; hit: CastHit | null; selected: boolean }) {
  const THEME = useCanvasTheme();
  const [fx, fy] = probe.from, [tx, ty] = probe.to;
  const end = hit ? hit.point : { x: tx, y: ty };
  const color = selected ? THEME.selected : THEME.ray;
  const px = usePixel();
  return (
    <Group name="probe-group">
      <Line id={probe.id} name="probe" {...anchored([fx, fy, end.x, end.y])} stroke={color} strokeWidth={2} strokeScaleEnabled={false} hitStrokeWidth={12} />
      {hit && <Line {...anchored([end.x, end.y, tx, ty])} stroke={THEME.rayMiss} strokeWidth={1.5} strokeScaleEnabled={false} dash={[6 * px, 5 * px]} listening={false} />}
      {!hit && <Arrow {...anchored([fx, fy, tx, ty])} stroke={color} fill={color} strokeWidth={0} pointerLength={8 * px} pointerWidth={8 * px} listening={false} />}
      {hit && <HitMarker hit={hit} color={THEME.hit} />}
      <Text x={fx + 6 * px} y={fy - 18 * px} text={probe.name} fontSize={12 * px} fill={color} listening={false} />
      {selected && <Handle id={handleId(probe.id, "from")} x={fx} y={fy} />}
      {selected && <Handle id={handleId(probe.id, "to")} x={tx} y={ty} />}
    </Group>
  );
}

function SweepNode({ probe, hit, shape, selected }: { probe: SweepProbe; hit: CastHit | null; shape: Shape; selected: boolean }) {
  const THEME = useCanvasTheme();
  const body = collisionBody(shape);
  const tx = probe.to[0] - shape.x, ty = probe.to[1] - shape.y;
  const hull = sweptHull(body.geometry, body.transform, tx, ty);
  const f = hit ? hit.fraction : 1;
  const ghost: Shape = { ...shape, x: shape.x + f * tx, y: shape.y + f * ty };
  const color = selected ? THEME.selected : THEME.sweep;
  const px = usePixel();
  return (
    <Group name="probe-group">
      <KonvaShape
        name="swept-area"
        x={shape.x}
        y={shape.y}
        sceneFunc={(ctx, node) => {
          ctx.beginPath();
          traceRoundedHull(offsetSink(ctx, shape.x, shape.y), hull.points, hull.radius);
          ctx.fillStrokeShape(node);
        }}
        fill={THEME.sweepFill}
        stroke={color}
        strokeWidth={1.5}
        strokeScaleEnabled={false}
        listening={false}
      />
      <ShapeNode shape={ghost} overlapping={false} selected={false} ghost />
      {hit && <HitMarker hit={hit} color={THEME.hit} />}
      <Line {...anchored([shape.x, shape.y, probe.to[0], probe.to[1]])} stroke={color} strokeWidth={1} strokeScaleEnabled={false} dash={[4 * px, 4 * px]} listening={false} />
      <Circle id={handleId(probe.id, "to")} name="probe-handle" x={probe.to[0]} y={probe.to[1]} radius={6 * px} stroke={color} strokeWidth={2} strokeScaleEnabled={false} fill={selected ? THEME.background : undefined} hitStrokeWidth={10} />
      <Text x={probe.to[0] + 8 * px} y={probe.to[1] - 18 * px} text={probe.name} fontSize={12 * px} fill={color} listening={false} />
    </Group>
  );
}

export function ProbeNode({ probe, hit, shapes, selected }: { probe: Probe; hit: CastHit | null; shapes: readonly Shape[]; selected: boolean }) {
  if (probe.type === "ray") return <RayNode probe={probe} hit={hit} selected={selected} />;
  const shape = shapes.find((s) => s.id === probe.shape);
  return shape ? <SweepNode probe={probe} hit={hit} shape={shape} selected={selected} /> : null;
}
