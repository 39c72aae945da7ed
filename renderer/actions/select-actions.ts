// The selection commands (Tiled's Select All in Layer, Select None, Invert Selection; Select Same
// Kind and Same Class), in the Edit menu beside Select all, the palette and their shortcuts.
import type { Editor } from "../editor/editor";
import { allInLayerRefusal, invertSelection, selectAllInLayer, selectedClasses, selectNone, selectSameClass, selectSameKind } from "../store/select-actions";
import type { Action } from "./types";

const somethingSelected = (editor: Editor) => editor.getState().selection.length > 0 || editor.getState().selectedImage !== null;
const hasItems = (editor: Editor) => editor.getState().shapes.length + editor.getState().probes.length > 0;

export const SELECT_ACTIONS: readonly Action[] = [
  {
    id: "select.allInLayer", label: "Select All in Layer", group: "Edit", section: "selection", keys: [], run: selectAllInLayer, keywords: ["layer", "current layer"],
    enabled: (editor) => allInLayerRefusal(editor) === null, whyDisabled: (editor) => allInLayerRefusal(editor) ?? "",
  },
  {
    id: "select.none", label: "Select None", group: "Edit", section: "selection", keys: [{ key: "a", mod: true, shift: true }], run: selectNone, keywords: ["deselect", "clear selection", "unselect"],
    enabled: somethingSelected, whyDisabled: () => "Nothing is selected",
  },
  {
    id: "select.invert", label: "Invert Selection", group: "Edit", section: "selection", keys: [{ key: "i", mod: true }], run: invertSelection, keywords: ["inverse", "others"],
    enabled: hasItems, whyDisabled: () => "The scene is empty: draw a shape first",
  },
  {
    id: "select.sameKind", label: "Select Same Kind", group: "Edit", section: "selection", keys: [], run: selectSameKind, keywords: ["similar", "type", "all circles"],
    enabled: (editor) => editor.getState().selection.length > 0, whyDisabled: () => "Select a shape first: the command selects every shape of its kind",
  },
  {
    id: "select.sameClass", label: "Select Same Class", group: "Edit", section: "selection", keys: [], run: selectSameClass, keywords: ["similar", "class"],
    enabled: (editor) => selectedClasses(editor).size > 0, whyDisabled: () => "Select a shape that has a class first (the Inspector's Class field)",
  },
];
