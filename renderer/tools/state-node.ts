// Tools are small hierarchical state machines, as tldraw's StateNode: a tool is a node whose
// children are its states (one file each), exactly one child active at a time. Events go to the
// deepest active state; a state moves the machine with `transition`, which exits the state left
// (onExit) and enters the new one (onEnter) with what it needs to know.
import type { Editor } from "../editor/editor";
import type { Point2 } from "../shapes/kind";

/** The modifier keys held while the pointer rests, for a cursor that says what a press would do. */
export interface HeldKeys {
  readonly shift: boolean;
}

export interface PointerInfo {
  readonly world: Point2;
  /** Id of the shape, probe or handle under the pointer, if any. */
  readonly hitId: string | null;
  readonly shift: boolean;
  /** Alt (Option on macOS): select the shape underneath. */
  readonly alt: boolean;
  /** Ctrl, or Cmd on macOS: keep the aspect ratio while resizing. */
  readonly mod: boolean;
}

export abstract class StateNode {
  abstract readonly id: string;
  /** The child entered with the node; none for a leaf state. */
  protected readonly initial: string | null = null;
  private readonly children = new Map<string, StateNode>();
  private active: StateNode | null = null;

  constructor(
    readonly editor: Editor,
    readonly parent: StateNode | null = null,
  ) {}

  /** Adds the node's states; the first one added is the initial state unless `initial` says. */
  protected addChildren(...states: StateNode[]): void {
    for (const s of states) this.children.set(s.id, s);
  }

  /** Entered, with what the state it came from handed over. */
  onEnter?(info: unknown): void;
  /** Left: drop what the state drew or held. */
  onExit?(): void;
  onPointerDown?(p: PointerInfo): void;
  onPointerMove?(p: PointerInfo): void;
  onPointerUp?(p: PointerInfo): void;
  /** Escape or a lost pointer: abandon the gesture, restore what was there, return to the start state. */
  onCancel?(): void;
  /** Enter: finish what the tool is making; false when there was nothing to finish. */
  onComplete?(): boolean;
  /** Backspace or Delete: true when the state used the key (the selection is then not deleted). */
  onDelete?(): boolean;
  /** A right-click on the canvas: true when the state used it (the context menu then does not open). */
  onSecondaryClick?(p: PointerInfo): boolean;
  /** What Undo would take back in the state itself, before the document's history (its name), or null. */
  undoStep?(): string | null;
  /** Undo, when undoStep named something: the state takes it back. */
  onUndo?(): void;
  /** What the status bar says while this state is active, when no notice is showing. */
  hint?(): string | null;
  /**
   * The canvas's CSS cursor while this state is active, with the pointer over `hitId` (a shape,
   * probe or handle id, as in PointerInfo); null leaves it to the node above (cursor.ts).
   */
  cursor?(hitId: string | null, held?: HeldKeys): string | null;
  /** Told by any state of the machine after a transition (the root keeps the store's path). */
  protected pathChanged?(): void;

  /** Enters this node and its initial state. */
  enter(info?: unknown): void {
    this.onEnter?.(info);
    const first = this.initial ?? this.children.keys().next().value ?? null;
    if (first !== null) this.transition(first);
  }

  /** Exits the active state first, then this node. */
  exit(): void {
    this.active?.exit();
    this.active = null;
    this.onExit?.();
  }

  /** Makes the child `id` this node's active state; the one it replaces is exited first. */
  transition(id: string, info?: unknown): void {
    const next = this.children.get(id);
    if (!next) throw new Error(`${this.path()} has no state ${id}`);
    this.active?.exit();
    this.active = next;
    next.enter(info);
    this.root().pathChanged?.();
  }

  /** The machine's root: the node without a parent. */
  private root(): StateNode {
    return this.parent ? this.parent.root() : this;
  }

  /** The parent's transition: how a state moves its tool to a sibling state. */
  protected go(id: string, info?: unknown): void {
    this.parent!.transition(id, info);
  }

  /** The deepest active state under this node (the node itself for a leaf). */
  current(): StateNode {
    return this.active ? this.active.current() : this;
  }

  /** The active path below the root, as "select.brushing". */
  path(): string {
    const below = this.active ? `.${this.active.path()}` : "";
    return `${this.id}${below}`;
  }
}
