// One action per tool; the letter is the tool's shortcut.
import { setTool } from "../store/actions";
import type { ToolId } from "../editor/state";
import { KIND_LIST } from "../shapes/registry";
import type { Action } from "./types";

const tool = (id: ToolId, label: string, keys: readonly string[], section: string): Action => ({ id: `tool.${id}`, label, group: "Tools", section, keys: keys.map((key) => ({ key })), run: (editor) => setTool(editor, id) });

export const TOOL_ACTIONS: readonly Action[] = [
  // S too, as Tiled's Select Objects (Shift+S is Snap).
  tool("select", "Select", ["v", "s"], "shapes"),
  // One tool per shape kind, named and keyed by its module.
  ...KIND_LIST.map((k) => tool(k.type, k.label, [k.shortcut], "shapes")),
  tool("ray", "Ray", ["r"], "probes"),
  tool("sweep", "Sweep", ["w"], "probes"),
  tool("pan", "Pan", ["h"], "view"),
];
