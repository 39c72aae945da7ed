// The public surface of the collision core: pure TypeScript, no UI, Electron, Node or DOM.
export * from "./vec2";
export * from "./hull";
export * from "./shapes";
export * from "./geometry";
export * from "./distance";
export * from "./manifold";
export * from "./shape-distance";
export * from "./overlaps";
export * from "./raycast";
export * from "./shape-cast";
export * from "./time-of-impact";
export * from "./scene-query";
export * from "./scene/types";
export * from "./scene/errors";
export * from "./scene/io";
export * from "./scene/json-schema";
export * from "./scene/migrations";
