// A press outside an open menu only closes it, as desktop menus do: neither the press, nor its
// release, nor its click reaches what is under it (the Box tool would place a box there). And a
// press outside a field that applies its value keeps its click, though the layout moved.
import { listen } from "../platform/listen";

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

/** How far (px) a press may travel and still be a click. */
export const CLICK_SLOP = 4;

/** What a press clicks: a control a click acts on. */
const CLICKABLE = "button, summary, a[href], label, input[type=checkbox], input[type=radio]";

/**
 * Keeps a primary press on a control its click when the layout moves the control from under the
 * pointer before the release (a field that applies its value on the press may grow, shrink or
 * change the panel): the browser then clicks no control at all, as the press and the release fell
 * on different elements. A release within CLICK_SLOP px of the press with no click on the control
 * clicks it; a release dragged farther away is a cancelled press, as anywhere.
 */
export function keepClick(down: PointerEvent): void {
  const control = down.button === 0 && down.target instanceof Element ? down.target.closest(CLICKABLE) : null;
  if (!(control instanceof HTMLElement)) return;
  let clicked = false;
  const onClick = (e: MouseEvent) => {
    if (e.target instanceof Node && control.contains(e.target)) clicked = true;
  };
  window.addEventListener("click", onClick, true);
  const end = (e: PointerEvent) => {
    stop();
    const near = e.type === "pointerup" && Math.hypot(e.clientX - down.clientX, e.clientY - down.clientY) <= CLICK_SLOP;
    // The click, when there is one, follows the release in the same task.
    setTimeout(() => {
      window.removeEventListener("click", onClick, true);
      if (near && !clicked && control.isConnected && !control.matches(":disabled")) control.click();
    }, 0);
  };
  const stop = listen(window, { pointerup: end, pointercancel: end });
}
