// The Inspector for the selected image: its top-left corner and its size in world units (the size
// shown is its pixel size while the scene leaves it to the pixels; typing one writes it), and where
// it comes from. Each committed value is one undo step.
import { useStore } from "zustand";
import type { SceneImage } from "../../../core";
import { useEditor } from "../../editor/react";
import { srcLabel } from "../../images/image-source";
import { renameImage, updateImage } from "../../store/image-actions";
import { parseNumber } from "../../store/shape-edits";
import { imageRectOf } from "../../tools/select/image-picking";
import { Field, Panel } from "./fields";
import { renameTaken, useRenameRequest } from "../rename-request";
import { formatNumber } from "./number-format";

const FIELDS = [["x", "X"], ["y", "Y"], ["width", "Width"], ["height", "Height"]] as const;

export function ImageInspector({ image }: { readonly image: SceneImage }) {
  const editor = useEditor();
  const renaming = useRenameRequest((s) => s.pending);
  useStore(editor.imageCache.version, (v) => v.count);
  const rect = imageRectOf(editor, image);
  return (
    <Panel title="Inspector">
      <p className="what" data-testid="inspector-what">image {image.id}</p>
      <div className="grid" key={`image:${image.id}`}>
        <Field label="Name" value={image.id} commit={(t) => renameImage(editor, image.id, t)} className="wide" testId="inspector-image-name" focusRequested={renaming} onFocusTaken={renameTaken} />
        {FIELDS.map(([f, label]) => (
          <Field
            key={f}
            numeric
            label={label}
            title={f === "x" || f === "y" ? "The image's top-left corner (a shape's X and Y are its centre)" : undefined}
            testId={`inspector-image-${f}`}
            value={formatNumber(rect[f])}
            commit={(t) => {
              const parsed = parseNumber(t, f === "width" || f === "height" ? "size" : "coordinate");
              if (parsed.ok) updateImage(editor, image.id, { [f]: parsed.value });
              return parsed;
            }}
          />
        ))}
        <p className="wide image-source" title={image.src.startsWith("data:") ? undefined : image.src}>Source: {srcLabel(image.src)}</p>
      </div>
    </Panel>
  );
}
