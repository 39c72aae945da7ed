// An input whose live edits are one undo step: each input event applies (inside a gesture the
// caller begins), and the input's own change event (a slider released, a colour picker closed)
// or a blur ends the gesture.
import { useEffect, useRef, type RefObject } from "react";
import type { Editor } from "../../editor/editor";

export function useGestureInput(editor: Editor): RefObject<HTMLInputElement | null> {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const done = () => editor.endGesture();
    el.addEventListener("change", done);
    el.addEventListener("blur", done);
    return () => {
      el.removeEventListener("change", done);
      el.removeEventListener("blur", done);
    };
  }, [editor]);
  return input;
}
