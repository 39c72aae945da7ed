// Which modal is open (the command palette, the shortcut sheet, Trace Colliders…): a tiny store of its own, since
// it is neither document nor preference. While one is open, editor shortcuts do not fire.
import { create } from "zustand";

export type ModalId = "palette" | "shortcuts" | "trace" | "exportOptions";

interface ModalState {
  readonly open: ModalId | null;
  /** What had focus before the modal opened; it gets focus back on close. */
  readonly returnFocus: HTMLElement | null;
}

export const useModal = create<ModalState>()(() => ({ open: null, returnFocus: null }));

export function openModal(id: ModalId): void {
  const { open, returnFocus } = useModal.getState();
  // Switching from one modal to the other keeps the original place to return to.
  const active = typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  useModal.setState({ open: id, returnFocus: open ? returnFocus : active });
}

export function closeModal(): void {
  const { returnFocus } = useModal.getState();
  useModal.setState({ open: null, returnFocus: null });
  returnFocus?.focus();
}

export const modalOpen = (): boolean => useModal.getState().open !== null;
