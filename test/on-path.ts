// Where an executable is on PATH (a real reader: tiled, tmxrasterizer, godot3-server), or undefined.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
