// The bottom dock under the canvas: Objects, Probes, the selection's Contacts and the undo History as tabs. It takes
// its own rows of the workspace, so nothing covers the level and fit view frames what is visible.
// Folding it leaves the tab strip; dragging its top edge sets its height; both are remembered.
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { useEditorState, useHistoryCounts } from "../../editor/react";
import { ContactsPanel, useSelectionContacts, useSelectionTriggers } from "./ContactsPanel";
import { clampDockHeight, DOCK_MIN_HEIGHT, DOCK_TABS, useDockLayout, type DockTab } from "./dock-preference";
import { HistoryPanel } from "./HistoryPanel";
import { ObjectsPanel } from "./ObjectsPanel";
import { ProbesPanel } from "./ProbesPanel";
import "./dock.css";

const TITLES: Readonly<Record<DockTab, string>> = { objects: "Objects", probes: "Probes", contacts: "Contacts", history: "History" };
const TIPS: Readonly<Record<DockTab, string>> = {
  objects: "Every shape and probe: search, click to select and frame",
  probes: "Rays and sweeps and what they hit",
  contacts: "Overlaps of the selection: depth, normal and contact points; its contacts with sensors apart, as triggers",
  history: "Every step that can be undone or redone: click one to go back or forward to it",
};
/** Keyboard resizing step of the dock's edge, in CSS pixels. */
const KEY_STEP = 16;

const maxHeight = () => Math.round(window.innerHeight * 0.6);

export function Dock() {
  const [layout, change] = useDockLayout();
  const shapeCount = useEditorState((s) => s.shapes.length);
  const probes = useEditorState((s) => s.probes);
  const selection = useEditorState((s) => s.selection);
  const contacts = useSelectionContacts().length + useSelectionTriggers().length;
  const steps = useHistoryCounts((h) => h.undo);
  const counts: Readonly<Record<DockTab, number>> = { objects: shapeCount + probes.length, probes: probes.length, contacts, history: steps };

  // A probe just drawn shows its result: a new probe, selected as drawing leaves it, brings the
  // Probes tab forward (an opened file's probes do not).
  const seenProbes = useRef(probes);
  useEffect(() => {
    const drawn = selection.length === 1 && probes.some((p) => p.id === selection[0]) && !seenProbes.current.some((p) => p.id === selection[0]);
    seenProbes.current = probes;
    if (drawn) change({ tab: "probes", open: true });
  }, [probes, selection]);

  const drag = useRef<{ startY: number; startHeight: number } | null>(null);
  const onGripDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!layout.open) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startY: e.clientY, startHeight: layout.height };
  };
  const onGripMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) change({ height: clampDockHeight(d.startHeight + d.startY - e.clientY, maxHeight()) });
  };
  const onGripUp = () => {
    drag.current = null;
  };
  const onGripKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === "ArrowUp" ? KEY_STEP : e.key === "ArrowDown" ? -KEY_STEP : 0;
    if (step === 0) return;
    e.preventDefault();
    change({ height: clampDockHeight(layout.height + step, maxHeight()) });
  };

  const pickTab = (tab: DockTab) => change(layout.open && layout.tab === tab ? {} : { tab, open: true });
  const height = layout.open ? clampDockHeight(layout.height, maxHeight()) : undefined;

  return (
    <section className={layout.open ? "dock open" : "dock"} style={{ height }} aria-label="Dock">
      {layout.open && (
        <div
          className="dock-grip"
          role="separator"
          aria-orientation="horizontal"
          aria-label="Resize the dock"
          aria-valuemin={DOCK_MIN_HEIGHT}
          aria-valuenow={height}
          tabIndex={0}
          onPointerDown={onGripDown}
          onPointerMove={onGripMove}
          onPointerUp={onGripUp}
          onPointerCancel={onGripUp}
          onKeyDown={onGripKey}
        />
      )}
      <div className="dock-tabs" role="tablist" aria-label="Dock tabs">
        {DOCK_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`dock-tab-${tab}`}
            aria-selected={layout.open && layout.tab === tab}
            aria-controls="dock-body"
            title={TIPS[tab]}
            onClick={() => pickTab(tab)}
          >
            {TITLES[tab]}
            <span className="badge">{counts[tab]}</span>
          </button>
        ))}
        <button
          type="button"
          className="dock-fold"
          aria-label={layout.open ? "Fold the dock" : "Unfold the dock"}
          aria-expanded={layout.open}
          title={layout.open ? "Fold the dock" : "Unfold the dock"}
          onClick={() => change({ open: !layout.open })}
        >
          {layout.open ? "▾" : "▴"}
        </button>
      </div>
      {layout.open && (
        <div className="dock-body" id="dock-body" role="tabpanel" aria-labelledby={`dock-tab-${layout.tab}`}>
          {layout.tab === "objects" ? <ObjectsPanel /> : layout.tab === "probes" ? <ProbesPanel /> : layout.tab === "contacts" ? <ContactsPanel /> : <HistoryPanel />}
        </div>
      )}
    </section>
  );
}
