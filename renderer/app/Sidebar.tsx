// The right-hand column of panels (layers, inspector, collision layers, properties, overlaps).
import { CollisionPanel } from "./panels/CollisionPanel";
import { InspectorPanel } from "./panels/InspectorPanel";
import { LayersPanel } from "./panels/LayersPanel";
import { OverlapsPanel } from "./panels/OverlapsPanel";
import { PropertiesPanel } from "./panels/PropertiesPanel";
import "./panels/panels.css";

export function Sidebar() {
  return (
    <aside className="sidebar" aria-label="Panels">
      <LayersPanel />
      <InspectorPanel />
      <CollisionPanel />
      <PropertiesPanel />
      <OverlapsPanel />
    </aside>
  );
}
