// Drawn above the scene: the transform handles of the one selected shape, or the box, knob and
// corners of two or more (a multi-selection turned or scaled as a group), or the outline and
// corner handles of the selected image, the ticks of Shift's rotation steps, the select tool's
// marquee, and a points tool's points so far (a polygon's or a chain's), and in red the two edges an
// outline was refused for. A selected concave polygon shows its convex pieces faintly. Handle sizes are in screen pixels whatever the
// zoom: world sizes are divided by the view's scale.
import { Circle, Group, Line, Rect } from "react-konva";
import { convexPieces, isConvexOutline, type Shape } from "../../core";
import { useMemo } from "react";
import { useEditor, useEditorState, useOverlay } from "../editor/react";
import type { GroupFrame, RotationSteps } from "../editor/overlay";
import { frameAt, frameCorners, groupHandleId, groupHandlesOf, selectionGroup } from "../tools/select/group";
import { localToWorld, rotationOf, worldToLocal } from "../shapes/registry";
import { handlesOf, ROTATE_OFFSET, type Handle } from "../tools/select/handles";
import { pickable } from "../tools/select/picking";
import { shapeHandleId } from "../tools/select/select-tool";
import { useCanvasTheme } from "./theme";
import { useStore } from "zustand";
import { CORNERS, cornerOf } from "../images/image-geometry";
import { imagePickable } from "../store/image-actions";
import { imageHitId, imageRectOf } from "../tools/select/image-picking";
import { anchored } from "./draw-origin";

/** Side of a square handle and radius of a round one, in screen pixels. */
const SQUARE = 9;
const ROUND = 5;

function HandleNode({ shape, h, scale }: { shape: Shape; h: Handle; scale: number }) {
  const THEME = useCanvasTheme();
  const common = { id: shapeHandleId(shape.id, h.handle), name: "shape-handle", x: h.at.x, y: h.at.y, stroke: THEME.selected, strokeWidth: 1.5, strokeScaleEnabled: false, perfectDrawEnabled: false };
  switch (h.handle.kind) {
    case "resize":
    case "height": {
      const size = SQUARE / scale;
      const rotation = rotationOf(shape);
      return <Rect {...common} width={size} height={size} offsetX={size / 2} offsetY={size / 2} rotation={rotation} fill={THEME.background} />;
    }
    case "midpoint":
      return <Circle {...common} radius={(ROUND - 1) / scale} fill={THEME.background} opacity={0.7} dash={[2, 2]} />;
    case "rotate":
    case "radius":
    case "vertex":
      return <Circle {...common} radius={ROUND / scale} fill={h.handle.kind === "vertex" ? THEME.selected : THEME.background} />;
  }
}

/**
 * A concave polygon's convex pieces (what it collides as, and what exporters write as pieces),
 * outlined faintly over it while it is selected; a convex polygon is its own one piece and shows none.
 */
function PolygonPieces({ shape }: { shape: Extract<Shape, { type: "polygon" }> }) {
  const THEME = useCanvasTheme();
  const pieces = useMemo(() => (isConvexOutline(shape.points) ? [] : convexPieces(shape.points)), [shape.points]);
  return (
    <Group name="polygon-pieces" listening={false}>
      {pieces.map((piece, i) => (
        <Line key={i} name="polygon-piece" {...anchored(piece.flatMap(([x, y]) => { const w = localToWorld(shape, { x, y }); return [w.x, w.y]; }))} closed stroke={THEME.pieces} strokeWidth={1} dash={[3, 3]} strokeScaleEnabled={false} perfectDrawEnabled={false} />
      ))}
    </Group>
  );
}

function ShapeHandles({ shape, scale }: { shape: Shape; scale: number }) {
  const THEME = useCanvasTheme();
  const handles = handlesOf(shape, scale);
  // The picked point (Delete removes it), ringed.
  const vertex = useOverlay((o) => (o.vertex?.shape === shape.id ? o.vertex.index : null));
  const picked = vertex === null ? undefined : handles.find((h) => h.handle.kind === "vertex" && h.handle.index === vertex);
  const knob = handles.find((h) => h.handle.kind === "rotate");
  // The knob's stem runs down to the shape's top, ROTATE_OFFSET screen pixels along local +y.
  const stemFrom = knob ? localToWorld(shape, { x: 0, y: worldToLocal(shape, knob.at).y + ROTATE_OFFSET / scale }) : null;
  return (
    <Group>
      {shape.type === "polygon" && <PolygonPieces shape={shape} />}
      {knob && stemFrom && <Line {...anchored([stemFrom.x, stemFrom.y, knob.at.x, knob.at.y])} stroke={THEME.selected} strokeWidth={1} dash={[3, 3]} strokeScaleEnabled={false} listening={false} opacity={0.6} />}
      {handles.map((h) => (
        <HandleNode key={shapeHandleId(shape.id, h.handle)} shape={shape} h={h} scale={scale} />
      ))}
      {picked && <Circle name="picked-vertex" x={picked.at.x} y={picked.at.y} radius={(ROUND + 3) / scale} stroke={THEME.selected} strokeWidth={2} strokeScaleEnabled={false} listening={false} perfectDrawEnabled={false} />}
    </Group>
  );
}

/** The selected image's outline and its four corner handles (only while it can be edited). */
function ImageHandles({ id, scale }: { id: string; scale: number }) {
  const editor = useEditor();
  const THEME = useCanvasTheme();
  const image = useEditorState((s) => s.images.find((i) => i.id === id));
  // Its size may come from its pixels, known once decoded.
  useStore(editor.imageCache.version, (s) => s.count);
  if (!image || !imagePickable(image)) return null;
  const rect = imageRectOf(editor, image);
  const size = SQUARE / scale;
  return (
    <Group>
      <Rect name="image-outline" x={rect.x} y={rect.y} width={rect.width} height={rect.height} stroke={THEME.selected} strokeWidth={1.5} strokeScaleEnabled={false} dash={[6, 4]} listening={false} />
      {CORNERS.map((c) => {
        const at = cornerOf(rect, c);
        return <Rect key={c} id={imageHitId(id, c)} name="image-handle" x={at.x} y={at.y} width={size} height={size} offsetX={size / 2} offsetY={size / 2} stroke={THEME.selected} strokeWidth={1.5} strokeScaleEnabled={false} fill={THEME.background} perfectDrawEnabled={false} />;
      })}
    </Group>
  );
}

/**
 * A multi-selection's dashed box, its rotate knob (as a single shape's, on a stem above the top
 * edge) and its corner squares; during a turn the box turns with the shapes (the overlay's frame).
 */
function GroupHandles({ frame, scale }: { frame: GroupFrame; scale: number }) {
  const THEME = useCanvasTheme();
  const corners = frameCorners(frame);
  const [knob, ...squares] = groupHandlesOf(frame, scale);
  const stemFrom = frameAt(frame, { x: frame.box.x + frame.box.width / 2, y: frame.box.y });
  const size = SQUARE / scale;
  const common = { name: "shape-handle", stroke: THEME.selected, strokeWidth: 1.5, strokeScaleEnabled: false, fill: THEME.background, perfectDrawEnabled: false };
  return (
    <Group name="group-handles">
      <Line name="group-box" {...anchored(corners.flatMap((c) => [c.x, c.y]))} closed stroke={THEME.selected} strokeWidth={1} dash={[6, 4]} strokeScaleEnabled={false} listening={false} />
      <Line {...anchored([stemFrom.x, stemFrom.y, knob!.at.x, knob!.at.y])} stroke={THEME.selected} strokeWidth={1} dash={[3, 3]} strokeScaleEnabled={false} listening={false} opacity={0.6} />
      <Circle {...common} id={groupHandleId("rotate")} x={knob!.at.x} y={knob!.at.y} radius={ROUND / scale} />
      {squares.map((h) => (
        <Rect key={h.handle} {...common} id={groupHandleId(h.handle)} x={h.at.x} y={h.at.y} width={size} height={size} offsetX={size / 2} offsetY={size / 2} rotation={frame.rotation} />
      ))}
    </Group>
  );
}

/** Tick lengths across the knob's circle, in screen pixels: every step, and every quarter turn. */
const TICK = 8;
const QUARTER_TICK = 14;

/** A faint ring of ticks, one per rotation step, on the circle the knob travels (0° straight up). */
function RotationTicks({ steps, scale }: { steps: RotationSteps; scale: number }) {
  const THEME = useCanvasTheme();
  const count = Math.round(360 / steps.step);
  return (
    <Group name="rotation-steps" x={steps.centre.x} y={steps.centre.y} listening={false} opacity={0.6}>
      {Array.from({ length: count }, (_, i) => {
        const deg = i * steps.step;
        const half = (deg % 90 === 0 ? QUARTER_TICK : TICK) / 2 / scale;
        const a = ((deg - 90) * Math.PI) / 180;
        const [c, s] = [Math.cos(a), Math.sin(a)];
        const [r0, r1] = [steps.radius - half, steps.radius + half];
        return <Line key={i} name="rotation-tick" points={[c * r0, s * r0, c * r1, s * r1]} stroke={THEME.selected} strokeWidth={deg % 90 === 0 ? 2 : 1.25} strokeScaleEnabled={false} />;
      })}
    </Group>
  );
}

export function Handles() {
  const editor = useEditor();
  const tool = useEditorState((s) => s.tool);
  const scale = useEditorState((s) => s.view.scale);
  const selection = useEditorState((s) => s.selection);
  // The one selected shape, through the world's id index (synced before any view reads).
  const shape = useEditorState((s) => (s.selection.length === 1 ? editor.shapeById(s.selection[0]!) : undefined));
  const layers = useEditorState((s) => s.layers);
  const cursor = useEditorState((s) => s.cursor);
  const selectedImage = useEditorState((s) => s.selectedImage);
  const marquee = useOverlay((o) => o.marquee);
  const draft = useOverlay((o) => o.draft);
  const rotationSteps = useOverlay((o) => o.rotationSteps);
  const crossing = useOverlay((o) => o.crossing);
  const editable = tool === "select" && selection.length === 1 && shape && pickable(shape, layers);
  const shapes = useEditorState((s) => s.shapes);
  const probes = useEditorState((s) => s.probes);
  const turning = useOverlay((o) => o.groupFrame);
  // Read for its changes: the group follows the selection, its shapes and probes, and the layers' locks.
  const group = useMemo(() => (tool === "select" ? selectionGroup(editor) : null), [editor, tool, selection, shapes, probes, layers]);
  const frame = turning ?? (group ? { box: group.box, rotation: 0 } : null);
  const px = 1 / scale;
  const last = draft.at(-1);
  const THEME = useCanvasTheme();
  return (
    <>
      {rotationSteps && <RotationTicks steps={rotationSteps} scale={scale} />}
      {editable && <ShapeHandles shape={shape} scale={scale} />}
      {frame && <GroupHandles frame={frame} scale={scale} />}
      {tool === "select" && selectedImage !== null && <ImageHandles id={selectedImage} scale={scale} />}
      {marquee && (
        <Rect
          x={Math.min(marquee.from.x, marquee.to.x)}
          y={Math.min(marquee.from.y, marquee.to.y)}
          width={Math.abs(marquee.to.x - marquee.from.x)}
          height={Math.abs(marquee.to.y - marquee.from.y)}
          stroke={THEME.selected}
          strokeWidth={1}
          strokeScaleEnabled={false}
          dash={[4, 3]}
          fill={THEME.selectedFill}
          listening={false}
        />
      )}
      {draft.length > 0 && (
        <Group listening={false}>
          <Line {...anchored(draft.flatMap((p) => [p.x, p.y]))} stroke={THEME.selected} strokeWidth={1.5} strokeScaleEnabled={false} />
          {last && cursor && <Line {...anchored([last.x, last.y, cursor.x, cursor.y])} stroke={THEME.preview} strokeWidth={1} dash={[4, 4]} strokeScaleEnabled={false} />}
          {draft.map((p, i) => (
            <Circle key={i} x={p.x} y={p.y} radius={(i === 0 ? 7 : 4) * px} stroke={THEME.selected} strokeWidth={1.5} strokeScaleEnabled={false} fill={i === 0 ? undefined : THEME.selected} />
          ))}
        </Group>
      )}
      {crossing && (
        <Group name="crossing-edges" listening={false}>
          {crossing.map(([a, b], i) => (
            <Line key={i} name="crossing-edge" {...anchored([a.x, a.y, b.x, b.y])} stroke={THEME.overlapStroke} strokeWidth={3} lineCap="round" strokeScaleEnabled={false} perfectDrawEnabled={false} />
          ))}
        </Group>
      )}
    </>
  );
}
