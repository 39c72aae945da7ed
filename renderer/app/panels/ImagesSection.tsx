// The Layers panel's Images section: the scene's pictures top first (as they are drawn, over the
// ones below), each with its id and where it comes from, shown or hidden, locked or not, its
// opacity, its place in the order, Trace… (locked or not) and Delete. A click on its name selects it on the canvas. A
// picture that cannot be shown says why under its name, as its placeholder does on the canvas.
import { useGestureInput } from "./gesture-input";
import { memo } from "react";
import { useStore } from "zustand";
import type { SceneImage } from "../../../core";
import type { Editor } from "../../editor/editor";
import { useEditor, useEditorState } from "../../editor/react";
import { readBase } from "../../editor/state";
import { srcLabel } from "../../images/image-source";
import { addImagesFromDialog } from "../image-commands";
import { deleteImage, moveImageInOrder, selectImage, setImageFlag, updateImage } from "../../store/image-actions";
import { openTraceDialog } from "../trace/trace-session";
import { EyeIcon, LockIcon } from "./icons";

/** The opacity slider: its whole drag (input events up to the change on release, or a blur) is one undo step. */
function OpacitySlider({ editor, image }: { readonly editor: Editor; readonly image: SceneImage }) {
  const input = useGestureInput(editor);
  const opacity = image.opacity ?? 1;
  return (
    <label className="opacity" title="Opacity">
      <input
        ref={input}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={opacity}
        aria-label={`Opacity of ${image.id}`}
        data-testid={`image-opacity-${image.id}`}
        onChange={(e) => {
          editor.beginGesture();
          updateImage(editor, image.id, { opacity: Number(e.target.value) });
        }}
      />
      <span className="count">{Math.round(opacity * 100)}%</span>
    </label>
  );
}

/** One picture's row; memoised: the Layers panel draws again on every edit of the shapes, which leaves the pictures as they were. */
const ImageRow = memo(function ImageRow({ image, index, total, selected }: { readonly image: SceneImage; readonly index: number; readonly total: number; readonly selected: boolean }) {
  const editor = useEditor();
  const visible = image.visible !== false;
  const locked = image.locked === true;
  const path = useEditorState((s) => readBase(s.file));
  useStore(editor.imageCache.version, (v) => v.count);
  const entry = editor.imageCache.entry(image.src, path);
  return (
    <li className={`layer image-row${selected ? " active" : ""}${visible ? "" : " hidden"}${locked ? " locked" : ""}`} data-testid={`image-${image.id}`} aria-current={selected ? "true" : undefined}>
      <div className="row">
        <button className="icon" aria-pressed={!visible} aria-label={`${visible ? "Hide" : "Show"} ${image.id}`} title={visible ? "Hide image" : "Show image"} onClick={() => setImageFlag(editor, image.id, "visible", !visible)}>
          <EyeIcon open={visible} />
        </button>
        <button className="icon" aria-pressed={locked} aria-label={`${locked ? "Unlock" : "Lock"} ${image.id}`} title={locked ? "Unlock image" : "Lock image: it cannot be picked on the canvas (Trace… still reads it)"} onClick={() => setImageFlag(editor, image.id, "locked", !locked)}>
          <LockIcon locked={locked} />
        </button>
        <button className="image-name grow" aria-label={`Select ${image.id}`} title={image.src.startsWith("data:") ? "Embedded in the scene" : image.src} disabled={!visible || locked} onClick={() => selectImage(editor, image.id)}>
          <span className="id">{image.id}</span> <span className="src">{srcLabel(image.src)}</span>
        </button>
      </div>
      {entry?.state === "failed" && <p className="image-problem" data-testid={`image-problem-${image.id}`}>{entry.message}</p>}
      <div className="row tools">
        <OpacitySlider editor={editor} image={image} />
        <button aria-label={`Move ${image.id} up`} disabled={index === total - 1} onClick={() => moveImageInOrder(editor, image.id, 1)}>▲</button>
        <button aria-label={`Move ${image.id} down`} disabled={index === 0} onClick={() => moveImageInOrder(editor, image.id, -1)}>▼</button>
        <button className="trace-button" aria-label={`Trace colliders from ${image.id}`} title="Trace Colliders…: colliders from the picture's opaque pixels (a locked image too)" onClick={() => openTraceDialog(editor, image.id)}>Trace…</button>
        <button aria-label={`Delete ${image.id}`} onClick={() => deleteImage(editor, image.id)}>Delete</button>
      </div>
    </li>
  );
});

export function ImagesSection() {
  const editor = useEditor();
  const images = useEditorState((s) => s.images);
  const selected = useEditorState((s) => s.selectedImage);
  return (
    <section className="images-section" aria-label="Images">
      <h3>Images</h3>
      {images.length === 0 ? (
        <p className="empty">No images: drop a PNG, JPEG or WebP on the canvas, or paste one.</p>
      ) : (
        <ul className="layers">
          {images.map((image, i) => ({ image, i })).reverse().map(({ image, i }) => (
            <ImageRow key={image.id} image={image} index={i} total={images.length} selected={image.id === selected} />
          ))}
        </ul>
      )}
      <button onClick={() => void addImagesFromDialog(editor)}>Add image…</button>
    </section>
  );
}
