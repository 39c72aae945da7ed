// What tools draw over the scene while a gesture is under way: the shape a placement would make,
// the probe a ray or sweep gesture would make, the marquee, a polygon being drawn. Not document,
// not preferences: it lives beside the editor's state, outside its history.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Probe, Shape } from "../../core";
import type { Point2, Segment } from "../shapes/kind";

export interface Marquee {
  readonly from: Point2;
  readonly to: Point2;
}

/** A handle drag's numbers beside the pointer: the size it makes, or the angle it turns to. */
export interface Readout {
  readonly text: string;
  /** The pointer, in world units. */
  readonly at: Point2;
  /** The dragged shape's centre: the label sits on the pointer's side away from it, off the shape. */
  readonly away: Point2;
}

/** Shift-rotation's steps, drawn as ticks on the circle the rotate knob travels. */
export interface RotationSteps {
  readonly centre: Point2;
  /** In world units. */
  readonly radius: number;
  /** Degrees between ticks. */
  readonly step: number;
}

/**
 * A multi-selection's box as drawn: its rectangle turned by `rotation` (degrees) about its centre.
 * A turn under way shows the box turning with the shapes; at rest it is the selection's box.
 */
export interface GroupFrame {
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly rotation: number;
}

export interface ToolOverlay {
  /** The shape a placement gesture would make, drawn as a ghost. */
  readonly preview: Shape | null;
  /** The probe a ray or sweep gesture would make, drawn live with its hit. */
  readonly probePreview: Probe | null;
  /** The select tool's rubber-band rectangle, in world units. */
  readonly marquee: Marquee | null;
  /** The polygon tool's points so far, in world units, in click order. */
  readonly draft: readonly Point2[];
  /** What a handle drag shows beside the pointer. */
  readonly readout: Readout | null;
  /** The steps of a rotation with Shift held. */
  readonly rotationSteps: RotationSteps | null;
  /** The group's box while a turn of it is under way (else it is the selection's box). */
  readonly groupFrame: GroupFrame | null;
  /** The shape the select tool would pick under the pointer at rest, outlined (never a locked or hidden one). */
  readonly hover: string | null;
  /**
   * The point of the selected polygon or chain whose handle was last pressed (Tiled's selected
   * node), ringed on the canvas: Delete or Backspace removes it. Any change of the selection drops it.
   */
  readonly vertex: { readonly shape: string; readonly index: number } | null;
  /**
   * The two edges an outline was refused for (a close, a click or a point's drag that would make
   * it cross itself), in world units, outlined in red until the next press or an undo.
   */
  readonly crossing: readonly Segment[] | null;
}

export const EMPTY_OVERLAY: ToolOverlay = { preview: null, probePreview: null, marquee: null, draft: [], readout: null, rotationSteps: null, groupFrame: null, hover: null, vertex: null, crossing: null };

export const createOverlayStore = (): StoreApi<ToolOverlay> => createStore<ToolOverlay>()(() => EMPTY_OVERLAY);
