// The ray tool between press and release: the ray from the press to the pointer shows with its
// hit; release keeps it as a probe when it is longer than a click.
import type { RayProbe } from "../../../core";
import type { Point2 } from "../../shapes/kind";
import { addProbe, freshId } from "../../store/actions";
import { clickSlop, snapPoint } from "../../store/view";
import { PreviewGesture } from "../preview-gesture";
import type { PointerInfo } from "../state-node";

export class DrawingRay extends PreviewGesture<{ readonly start: Point2 }, RayProbe> {
  readonly id = "drawing";

  protected begin(info: unknown) {
    return { start: snapPoint(this.editor, (info as PointerInfo).world) };
  }

  protected make({ start }: { readonly start: Point2 }, pointer: Point2): RayProbe {
    const end = snapPoint(this.editor, pointer);
    const id = freshId(this.editor, "ray");
    return { id, name: id, type: "ray", from: [start.x, start.y], to: [end.x, end.y] };
  }

  protected show(probePreview: RayProbe | null): void {
    this.editor.overlay.setState({ probePreview });
  }

  protected commit({ start }: { readonly start: Point2 }, ray: RayProbe): void {
    if (Math.hypot(ray.to[0] - start.x, ray.to[1] - start.y) >= clickSlop(this.editor)) addProbe(this.editor, ray);
  }
}
