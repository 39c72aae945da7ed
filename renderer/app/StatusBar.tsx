import { useOverlaps } from "../store/derived";
import { useEditor } from "../store/editor-store";

export function StatusBar() {
  const shapes = useEditor((s) => s.shapes);
  const cursor = useEditor((s) => s.cursor);
  const notice = useEditor((s) => s.notice);
  const selection = useEditor((s) => s.selection);
  const overlaps = useOverlaps().pairs.length;
  return (
    <footer className="statusbar" role="status">
      <span data-testid="cursor">{cursor ? `${cursor.x.toFixed(0)}, ${cursor.y.toFixed(0)}` : "–"}</span>
      <span data-testid="shape-count">{shapes.length} shape{shapes.length === 1 ? "" : "s"}</span>
      <span data-testid="selection-count">{selection.length} selected</span>
      <span data-testid="overlap-count" className={overlaps ? "warn" : undefined}>
        {overlaps} overlap{overlaps === 1 ? "" : "s"}
      </span>
      {notice && <span className="notice" data-testid="notice">{notice}</span>}
    </footer>
  );
}
