// The ray tool between press and release: the ray from the press to the pointer shows with its
// hit; release keeps it as a probe when it is longer than a click.
import type { RayProbe } from "../../../core";
import type { Point2 } from "../../shapes/kind";
import { addProbe, freshId } from "../../store/actions";
import { clickSlop, snapPoint } from "../../store/view";
import { PreviewGesture } from "../preview-gesture";
import type { PointerInfo } from "../state-node";

interface RayStart {
  /** Where the press was, unsnapped: whether the start snaps follows the snap key to the release. */
  readonly start: Point2;
  /** The new ray's id, taken once at the press. */
  readonly id: string;
}

export class DrawingRay extends PreviewGesture<RayStart, RayProbe> {
  readonly id = "drawing";

  protected begin(info: unknown): RayStart {
    return { start: (info as PointerInfo).world, id: freshId(this.editor, "ray") };
  }

  protected make({ start, id }: RayStart, pointer: Point2, snap: boolean): RayProbe {
    const from = snapPoint(this.editor, start, snap), to = snapPoint(this.editor, pointer, snap);
    return { id, name: id, type: "ray", from: [from.x, from.y], to: [to.x, to.y] };
  }

  protected show(probePreview: RayProbe | null): void {
    this.editor.overlay.setState({ probePreview });
  }

  protected commit(_start: RayStart, ray: RayProbe): void {
    if (Math.hypot(ray.to[0] - ray.from[0], ray.to[1] - ray.from[1]) >= clickSlop(this.editor)) addProbe(this.editor, ray);
  }
}
