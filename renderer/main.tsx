import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { loadGridPreference } from "./app/grid-preference";
import { loadThemePreference } from "./app/theme-preference";
import { Editor } from "./editor/editor";
import { EditorProvider } from "./editor/react";
import { browserImageLoader } from "./images/browser-loader";
import { desktop } from "./platform/files";
import { pageTiledReader } from "./tiled-map/read-text";
import "./app/styles.css";

// The window's one Editor: its document, history, collision world and tools.
const editor = new Editor({ imageLoader: browserImageLoader(), tiledReader: pageTiledReader(desktop) });
loadThemePreference(editor);
loadGridPreference(editor);
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <EditorProvider editor={editor}>
      <App />
    </EditorProvider>
  </StrictMode>,
);
