// What a popup menu mounted while open (the canvas's context menu, the zoom list) does about the
// world around it: a press outside it or the window losing focus closes it (the press swallowed,
// closeOnPressOutside), and once placed it takes the focus, so its keys reach it (a hidden element
// takes none).
import { useEffect, useRef, type DependencyList, type RefObject } from "react";
import { closeOnPressOutside } from "./press-outside";

export function usePopup(root: RefObject<HTMLElement | null>, placed: boolean, open: () => boolean, close: () => void, deps: DependencyList = []): void {
  // The latest close, so the listeners need not be remade when a parent passes a new one.
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    const shut = () => closeRef.current();
    const removeOutside = closeOnPressOutside(() => root.current, open, shut);
    window.addEventListener("blur", shut);
    return () => {
      removeOutside();
      window.removeEventListener("blur", shut);
    };
    // The caller's deps say when to listen anew.
  }, deps);
  useEffect(() => {
    if (placed) root.current?.focus({ preventScroll: true });
  }, [placed, root]);
}
