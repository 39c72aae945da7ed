// What a person reads for a shape or a probe: its name, or its id while it has none.
import type { Probe, Shape } from "../../core";
import type { Editor } from "./editor";

export const itemLabel = (item: Shape | Probe): string => item.name || item.id;

/** "name (id)" where both tell something; the id alone when there is no name or the name is the id (a traced piece's). */
export const nameAndId = (name: string | undefined, id: string): string => (name && name !== id ? `${name} (${id})` : id);

/** The label of the shape or probe with this id; the id itself when neither exists. */
export function labelOf(editor: Editor, id: string): string {
  const shape = editor.shapeById(id);
  if (shape) return itemLabel(shape);
  const probe = editor.getState().probes.find((p) => p.id === id);
  return probe ? itemLabel(probe) : id;
}
