// The public surface of the collision core: pure TypeScript, no UI, Electron, Node or DOM.
export * from "./vec2";
export * from "./geometry";
export * from "./hull";
export * from "./overlap";
export * from "./overlaps";
export * from "./scene/types";
export * from "./scene/errors";
export * from "./scene/io";
