// A background grid in world units (minor every 25, major every 100).
import { memo } from "react";
import { Line } from "react-konva";
import { useCanvasTheme } from "./theme";

/** Memoised: it changes with the canvas size, not with the document. */
export const Grid = memo(function Grid({ width, height }: { width: number; height: number }) {
  const THEME = useCanvasTheme();
  const lines = [];
  for (let x = 0; x <= width; x += 25) {
    lines.push(<Line key={`x${x}`} points={[x, 0, x, height]} stroke={x % 100 === 0 ? THEME.gridMajor : THEME.grid} strokeWidth={1} listening={false} />);
  }
  for (let y = 0; y <= height; y += 25) {
    lines.push(<Line key={`y${y}`} points={[0, y, width, y]} stroke={y % 100 === 0 ? THEME.gridMajor : THEME.grid} strokeWidth={1} listening={false} />);
  }
  return <>{lines}</>;
});
