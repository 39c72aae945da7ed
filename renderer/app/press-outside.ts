// A press outside an open menu only closes it, as desktop menus do: neither the press, nor its
// release, nor its click reaches what is under it (the Box tool would place a box there).

/**
 * Listens on the window while mounted: a pointer press outside `inside()` while `open()` calls
 * `close()` and is swallowed with its release and click. Returns the remover.
 */
export function closeOnPressOutside(inside: () => Element | null, open: () => boolean, close: () => void): () => void {
  let swallowing = false;
  const down = (e: PointerEvent) => {
    swallowing = false;
    if (!open() || (e.target instanceof Node && inside()?.contains(e.target))) return;
    e.preventDefault();
    e.stopPropagation();
    swallowing = true;
    close();
  };
  const after = (e: Event) => {
    if (!swallowing) return;
    e.stopPropagation();
    if (e.type === "click") swallowing = false;
  };
  window.addEventListener("pointerdown", down, true);
  for (const type of ["pointerup", "mouseup", "click"]) window.addEventListener(type, after, true);
  return () => {
    window.removeEventListener("pointerdown", down, true);
    for (const type of ["pointerup", "mouseup", "click"]) window.removeEventListener(type, after, true);
  };
}
