// A modal dialog over the editor: a backdrop that closes it on click, focus kept inside (Tab
// cycles), Escape closes, and no key press reaches the editor's shortcuts while it is open.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { closeModal } from "./modals";

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

export function Modal({ label, className, onKey, children }: { label: string; className: string; onKey?: (e: KeyboardEvent) => void; children: ReactNode }) {
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = dialog.current;
    // A disabled button takes no focus (focus() does nothing and it stays on the page, where
    // Escape and Enter never reach the dialog): the dialog itself has it then.
    if (el && !el.contains(document.activeElement)) (el.querySelector<HTMLElement>("[data-autofocus]:not(:disabled)") ?? el).focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    // The editor's shortcuts listen on the window: nothing typed here is for them.
    e.stopPropagation();
    if (e.key === "Escape") {
      e.preventDefault();
      closeModal();
      return;
    }
    if (e.key === "Tab" && dialog.current) {
      const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0], last = items.at(-1);
      if (!first || !last) {
        e.preventDefault();
      } else if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
      return;
    }
    onKey?.(e);
  };

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && closeModal()}>
      <div ref={dialog} className={`modal ${className}`} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} onKeyDown={onKeyDown}>
        {children}
      </div>
    </div>
  );
}

/** A chord's keys as keycaps. */
export function Keys({ label }: { label: string }) {
  return (
    <span className="keys">
      {label.split(/\+(?=.)/).map((k, i) => (
        <kbd key={i}>{k}</kbd>
      ))}
    </span>
  );
}
