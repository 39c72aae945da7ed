// Select tool, Idle: a press decides the gesture. On a probe's end handle, a shape's handle or a
// multi-selection's knob or corner it starts dragging it; on a shape or a probe it picks it and
// starts moving the selection (with Shift, a click toggles it and a drag draws a marquee; with
// Ctrl/Cmd, a click toggles it); on a corner of the selected image it resizes it; on the selected
// image where no shape is (images lie under the shapes) it moves the image; on another image a
// click selects it and a drag draws a marquee; on empty canvas it starts a marquee.
import type { Probe, Shape } from "../../../core";
import { notify, replaceShapes, select } from "../../store/actions";
import { StateNode, type HeldKeys, type PointerInfo } from "../state-node";
import { kindOf, segmentsToWorld } from "../../shapes/registry";
import { handleCursor, parseHandleCode } from "./handles";
import { pickable, shapeBeneath, shapesAt } from "./picking";
import { imageById, imagePickable } from "../../store/image-actions";
import { imageRectOf, parseImageHit } from "./image-picking";
import { cornerCursor, type ImageResizeStart } from "./ResizingImage";
import type { ImageTranslateStart } from "./TranslatingImage";
import { moveAnchor, parseHandleId, probeAnchor } from "./select-tool";
import type { TranslateStart } from "./Translating";
import type { BrushStart } from "./Brushing";
import type { HandleDragStart } from "./handle-drag";
import { GROUP_OWNER, parseGroupHandle, selectionGroup, type GroupDragStart } from "./group";
import { ROTATE_CURSOR } from "../cursor";

export class Idle extends StateNode {
  readonly id = "idle";

  /** One shape made of points selected (a polygon, a chain): how its points are edited. */
  override hint(): string | null {
    const { selection } = this.editor.getState();
    const shape = selection.length === 1 ? this.editor.shapeById(selection[0]!) : undefined;
    return shape ? (kindOf(shape).editHint ?? null) : null;
  }

  /**
   * What a press would do: resize or turn by a handle's arrow, move a shape or probe under the
   * pointer; the arrow elsewhere (a shape of a locked layer is never under it: picking skips it).
   */
  override cursor(hitId: string | null, held?: HeldKeys): string | null {
    if (hitId === null) return null;
    const editor = this.editor;
    // Shift over a shape or probe: a drag draws the marquee (Tiled's forced selection rectangle).
    if (held?.shift === true && (editor.shapeById(hitId) !== undefined || editor.getState().probes.some((q) => q.id === hitId))) return null;
    const imageHit = this.imageHit(hitId);
    if (imageHit) {
      const image = imageById(editor, imageHit.id);
      if (!image || !imagePickable(image)) return null;
      // Only the selected image moves under a drag; another is clicked to select it.
      if (imageHit.corner === null) return editor.getState().selectedImage === image.id ? "move" : null;
      return editor.getState().selectedImage === image.id ? cornerCursor(imageHit.corner) : null;
    }
    const handle = parseHandleId(hitId);
    if (handle) {
      if (handle.code === "from" || handle.code === "to") return "move";
      if (handle.owner === GROUP_OWNER) {
        const h = parseGroupHandle(handle.code);
        return h && selectionGroup(editor) ? (h === "rotate" ? ROTATE_CURSOR : cornerCursor(h)) : null;
      }
      // Handles show on the one selected shape only: a key may have dropped them under the pointer.
      const { selection, layers } = editor.getState();
      const kind = parseHandleCode(handle.code);
      const shape = selection.length === 1 && selection[0] === handle.owner ? editor.shapeById(handle.owner) : undefined;
      return kind && shape && pickable(shape, layers) ? handleCursor(shape, kind) : null;
    }
    const shape = editor.shapeById(hitId);
    if (shape) return pickable(shape, editor.getState().layers) ? "move" : null;
    return editor.getState().probes.some((q) => q.id === hitId) ? "move" : null;
  }

  /** The image or image corner a hit names; a shape of that id comes first. */
  private imageHit(hitId: string | null) {
    return hitId !== null && !this.editor.shapeById(hitId) ? parseImageHit(hitId) : null;
  }

  override onPointerDown(p: PointerInfo): void {
    const editor = this.editor;
    // A press picks a point anew, or none (a vertex handle's press picks its own below).
    if (editor.overlay.getState().vertex !== null) editor.overlay.setState({ vertex: null });
    const { selection, probes } = editor.getState();
    const imageHit = this.imageHit(p.hitId);
    if (imageHit && this.grabImage(p, imageHit.id, imageHit.corner)) return;
    const handle = p.hitId && !imageHit ? parseHandleId(p.hitId) : null;
    if (handle && (handle.code === "from" || handle.code === "to")) {
      const probe = probes.find((q) => q.id === handle.owner);
      if (!probe) return;
      select(editor, [probe.id]);
      const start: TranslateStart = { start: p.world, shapes: [], probes: [probe], end: handle.code, anchor: probeAnchor(probe, handle.code) };
      this.go("translating", start);
      return;
    }
    if (handle && handle.owner === GROUP_OWNER && this.grabGroup(handle.code)) return;
    if (handle && this.grabHandle(p, handle.owner, handle.code)) return;

    const stack = shapesAt(editor, p.world);
    if (p.alt && stack.length > 0) {
      this.pickShape(p, shapeBeneath(stack, selection)!);
      return;
    }
    const probe = p.hitId ? probes.find((q) => q.id === p.hitId) : undefined;
    if (probe) {
      this.pressItem(p, probe);
      return;
    }
    // A hit on a shape in a locked or hidden layer falls through to what is pickable there.
    const named = p.hitId ? editor.shapeById(p.hitId) : undefined;
    const hit = named && pickable(named, editor.getState().layers) ? named : undefined;
    const picked = hit ?? (p.hitId ? stack[0] : undefined);
    if (picked) {
      this.pickShape(p, picked);
      return;
    }
    this.go("brushing", { start: p.world, before: selection, base: p.shift ? selection : [] });
  }

  /**
   * A press on an image (where no shape is) or on a corner of the selected one; false when the
   * image cannot be picked (hidden, locked, gone) or the corner is not the selected image's.
   */
  private grabImage(p: PointerInfo, id: string, corner: ImageResizeStart["corner"] | null): boolean {
    const editor = this.editor;
    const image = imageById(editor, id);
    if (!image || !imagePickable(image)) return false;
    const rect = imageRectOf(editor, image);
    if (corner !== null) {
      if (editor.getState().selectedImage !== id) return false;
      const start: ImageResizeStart = { id, corner, rect };
      this.go("resizing-image", start);
      return true;
    }
    // A drag on an image that is not selected draws a marquee over it (a click selects it): only
    // the selected image moves, so shapes over the art can be box-selected without locking it.
    if (editor.getState().selectedImage !== id) {
      const { selection } = editor.getState();
      const start: BrushStart = { start: p.world, before: selection, base: p.shift ? selection : [], image: id };
      this.go("brushing", start);
      return true;
    }
    const start: ImageTranslateStart = { id, start: p.world, rect };
    this.go("translating-image", start);
    return true;
  }

  /** A press on the knob or a corner of a multi-selection's box; false when the selection is no longer a group (a key changed it). */
  private grabGroup(code: string): boolean {
    const handle = parseGroupHandle(code);
    const group = selectionGroup(this.editor);
    if (!handle || !group) return false;
    const start: GroupDragStart = handle === "rotate" ? { group } : { group, corner: handle };
    this.go(handle === "rotate" ? "rotating-group" : "scaling-group", start);
    return true;
  }

  /** A press on a shape handle; false when the code names no handle of an editable shape. */
  private grabHandle(p: PointerInfo, owner: string, code: string): boolean {
    const editor = this.editor;
    const handle = parseHandleCode(code);
    const shape = editor.shapeById(owner);
    if (!handle || !shape || !pickable(shape, editor.getState().layers)) return false;
    select(editor, [shape.id]);
    if (handle.kind === "vertex" && p.alt && kindOf(shape).deletePoint) {
      this.deleteVertex(shape, handle.index);
      return true;
    }
    // A pressed point is picked (ringed), as Tiled's Edit Polygons tool selects a node: Delete removes it.
    if (handle.kind === "vertex" && kindOf(shape).deletePoint) editor.overlay.setState({ vertex: { shape: shape.id, index: handle.index } });
    const start: HandleDragStart = { shape, handle };
    this.go(handle.kind === "rotate" ? "rotating" : handle.kind === "resize" ? "resizing" : "dragging-handle", start);
    return true;
  }

  /** Removes point `index` of a polygon or chain (one undo step), or says why not (a polygon keeps 3, a chain 2; an outline must not cross). */
  private deleteVertex(shape: Shape, index: number): void {
    const editor = this.editor;
    const deletePoint = kindOf(shape).deletePoint;
    if (!deletePoint || !("points" in shape)) return;
    const edit = deletePoint(shape, index);
    if (edit.ok) {
      editor.overlay.setState({ vertex: null });
      replaceShapes(editor, new Map([[shape.id, { ...shape, points: edit.points }]]));
      notify(editor, `Deleted vertex ${index}`);
      return;
    }
    // Refused for a crossing: said short (whole in the tooltip), the two edges outlined in red.
    if (!edit.crossing) {
      notify(editor, `Cannot delete the vertex: ${edit.reason}`);
      return;
    }
    notify(editor, `Cannot delete the vertex: ${edit.short ?? edit.reason}`, `Cannot delete the vertex: ${edit.reason}`);
    editor.overlay.setState({ crossing: segmentsToWorld(shape, edit.crossing) });
  }

  /**
   * Delete or Backspace with a point of the one selected polygon or chain picked: that point goes,
   * not the shape (refused, saying why, when the shape cannot lose it). Without one, false: the
   * selection is deleted.
   */
  override onDelete(): boolean {
    const editor = this.editor;
    const picked = editor.overlay.getState().vertex;
    if (picked === null) return false;
    const { selection, layers } = editor.getState();
    const shape = selection.length === 1 && selection[0] === picked.shape ? editor.shapeById(picked.shape) : undefined;
    if (!shape || !("points" in shape) || picked.index >= shape.points.length || !pickable(shape, layers)) {
      editor.overlay.setState({ vertex: null });
      return false;
    }
    this.deleteVertex(shape, picked.index);
    return true;
  }

  private pickShape(p: PointerInfo, picked: Shape): void {
    if (p.alt) {
      select(this.editor, [picked.id]);
      this.translate(p, [picked.id], picked);
      return;
    }
    this.pressItem(p, picked);
  }

  /**
   * A press on a shape or probe, as in Tiled: Shift or Ctrl/Cmd and a click adds or removes it; Shift
   * and a drag draws a marquee that adds to the selection (a marquee may start over a big shape);
   * Ctrl/Cmd and a drag moves without snapping; a plain drag moves the selection it is in, else it
   * alone, and a plain click on one of several selected selects it alone.
   */
  private pressItem(p: PointerInfo, item: Shape | Probe): void {
    const editor = this.editor;
    const { selection } = editor.getState();
    const toggled = selection.includes(item.id) ? selection.filter((id) => id !== item.id) : [...selection, item.id];
    const ids = selection.includes(item.id) ? selection : [item.id];
    if (p.shift) {
      const start: BrushStart = { start: p.world, before: selection, base: selection, click: toggled };
      this.go("brushing", start);
      return;
    }
    if (!p.mod) select(editor, ids);
    const alone = selection.length > 1 && selection.includes(item.id) ? [item.id] : undefined;
    this.translate(p, ids, item, p.mod ? toggled : alone);
  }

  /** Starts moving `ids`; `grabbed` is the shape or probe under the pointer; `click`: see TranslateStart. */
  private translate(p: PointerInfo, ids: readonly string[], grabbed: Shape | Probe, click?: readonly string[]): void {
    const editor = this.editor;
    const { probes, layers } = editor.getState();
    const moving = new Set(ids);
    // Select all may have taken in shapes of locked layers: they stay put.
    const shapes = editor.shapesWithIds(ids).filter((s) => pickable(s, layers));
    const start: TranslateStart = { start: p.world, anchor: moveAnchor(shapes, grabbed), shapes, probes: probes.filter((q) => moving.has(q.id)), ...(click ? { click: { clicked: click, ids } } : {}) };
    this.go("translating", start);
  }
}
