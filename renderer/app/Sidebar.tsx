// The right-hand column of panels (layers, inspector, collision layers, properties, overlaps).
export function Sidebar() {
  return <aside className="sidebar" aria-label="Panels" />;
}
