import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { loadGridPreference } from "./app/grid-preference";
import { loadThemePreference } from "./app/theme-preference";
import "./app/styles.css";

loadThemePreference();
loadGridPreference();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
