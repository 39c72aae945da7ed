// The right-hand column of panels (layers, inspector, collision layers, properties, overlaps), the replay of a ray log while one is open, and the mini-map at its foot while shown.
import { CollisionPanel } from "./panels/CollisionPanel";
import { MiniMapPanel } from "./minimap/MiniMap";
import { InspectorPanel } from "./panels/InspectorPanel";
import { LayersPanel } from "./panels/LayersPanel";
import { OverlapsPanel } from "./panels/OverlapsPanel";
import { PropertiesPanel } from "./panels/PropertiesPanel";
import { ReplayPanel } from "./panels/ReplayPanel";
import "./panels/panels.css";

export function Sidebar() {
  return (
    <aside className="sidebar" aria-label="Panels">
      <ReplayPanel />
      <LayersPanel />
      <InspectorPanel />
      <CollisionPanel />
      <PropertiesPanel />
      <OverlapsPanel />
      <MiniMapPanel />
    </aside>
  );
}
