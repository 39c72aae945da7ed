// Adds several event listeners to the window or the document at once; returns one function that
// removes them all (an effect's cleanup, or the end of a drag).
type Handlers<M> = { readonly [K in keyof M]?: (event: M[K]) => void };

export function listen(target: Window, handlers: Handlers<WindowEventMap>): () => void;
export function listen(target: Document, handlers: Handlers<DocumentEventMap>): () => void;
export function listen(target: EventTarget, handlers: Readonly<Record<string, ((event: never) => void) | undefined>>): () => void {
  const added = Object.entries(handlers).filter((e): e is [string, (event: never) => void] => e[1] !== undefined);
  // Each handler only ever receives the event its name maps to.
  for (const [type, fn] of added) target.addEventListener(type, fn as EventListener);
  return () => {
    for (const [type, fn] of added) target.removeEventListener(type, fn as EventListener);
  };
}
