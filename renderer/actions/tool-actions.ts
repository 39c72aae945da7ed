// One action per tool; the letter is the tool's shortcut.
import { setTool } from "../store/actions";
import type { ToolId } from "../editor/state";
import type { Action } from "./types";

const tool = (id: ToolId, label: string, key: string): Action => ({ id: `tool.${id}`, label, group: "Tools", keys: [{ key }], run: (editor) => setTool(editor, id) });

export const TOOL_ACTIONS: readonly Action[] = [
  tool("select", "Select", "v"),
  tool("circle", "Circle", "c"),
  tool("box", "Box", "b"),
  tool("capsule", "Capsule", "k"),
  tool("polygon", "Polygon", "p"),
  tool("ray", "Ray", "r"),
  tool("sweep", "Sweep", "w"),
  tool("pan", "Pan", "h"),
];
