// DynamicTree's checks and measures for tests and benches, apart from the class so that a bundle
// of the tree leaves them out: a proxy's box and user data, the proxy count, a rebuild in place,
// the root's height, Box2D's area ratio, and every invariant.
// They read the tree's private fields by name (TypeScript checks such reads against the class).
import { NULL_NODE, type DynamicTree } from "./dynamic-tree";

/** How many live proxies the tree holds. */
export const treeProxyCount = (tree: DynamicTree): number => tree["liveProxies"];

/** A live proxy's user data; a RangeError for any other id. */
export function treeUserData(tree: DynamicTree, proxyId: number): number {
  tree["leafOf"](proxyId);
  return tree["proxyData"][proxyId]!;
}

/** Writes a live proxy's stored box into out[0..3] (minX, minY, maxX, maxY); a RangeError for any other id. */
export function treeBox(tree: DynamicTree, proxyId: number, out: Float64Array): void {
  const o = 4 * tree["leafOf"](proxyId), box = tree["box"];
  for (let c = 0; c < 4; c++) out[c] = box[o + c]!;
}

/** Rebuilds the tree top-down from its leaves (binned SAH, as DynamicTree.build). Proxy ids and user data are kept. */
export function rebuildTree(tree: DynamicTree): void {
  const n = tree["liveProxies"];
  if (n === 0) return;
  const ids = new Int32Array(n), boxes = new Float64Array(4 * n), proxyNode = tree["proxyNode"], box = tree["box"];
  let j = 0;
  for (let p = 0; p < tree["proxyCapacity"]; p++) {
    const leaf = proxyNode[p]!;
    if (leaf < 0) continue;
    ids[j] = p;
    for (let c = 0; c < 4; c++) boxes[4 * j + c] = box[4 * leaf + c]!;
    j++;
  }
  tree["buildFrom"](ids, boxes, n);
  tree["version"]++;
}

/** Height of the root (0 for a single leaf, -1 when empty). */
export function treeHeight(tree: DynamicTree): number {
  const root = tree["root"];
  return root === NULL_NODE ? -1 : tree["heights"][root]!;
}

/**
 * Sum of internal node perimeters / root perimeter (Box2D's area ratio), for tests and tuning.
 * As in b2DynamicTree_GetAreaRatio the root itself is left out of the sum: no tree can change it.
 * 0 when empty or when the root has no extent.
 */
export function treeAreaRatio(tree: DynamicTree): number {
  const root = tree["root"], heights = tree["heights"];
  if (root === NULL_NODE) return 0;
  const box = tree["box"];
  let o = 4 * root;
  const rootArea = box[o + 2]! - box[o]! + box[o + 3]! - box[o + 1]!;
  if (!(rootArea > 0)) return 0;
  let total = 0;
  for (let i = 0; i < tree["nodeCapacity"]; i++) {
    if (heights[i]! <= 0 || i === root) continue;
    o = 4 * i;
    total += box[o + 2]! - box[o]! + box[o + 3]! - box[o + 1]!;
  }
  return total / rootArea;
}

/** Checks every invariant (parent links, heights, each node's box contains its children's, leaf count, free list); throws an Error naming the first broken one. For tests. */
export function validateTree(tree: DynamicTree): void {
  const fail = (what: string): never => {
    throw new Error(`DynamicTree.validate: ${what}`);
  };
  const box = tree["box"], child1 = tree["child1"], child2 = tree["child2"], parent = tree["parent"], heights = tree["heights"], proxyNode = tree["proxyNode"];
  const cap = tree["nodeCapacity"], root = tree["root"], nodeCount = tree["nodeCount"], liveProxies = tree["liveProxies"], proxyCapacity = tree["proxyCapacity"];
  if ((root === NULL_NODE) !== (liveProxies === 0)) fail(`root ${root} with ${liveProxies} proxies`);
  let reached = 0, leaves = 0;
  if (root !== NULL_NODE) {
    if (parent[root] !== NULL_NODE) fail(`root ${root} has parent ${parent[root]}`);
    const pending: number[] = [root];
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (!(node >= 0 && node < cap)) fail(`node index ${node} out of range`);
      if (++reached > nodeCount) fail(`more than ${nodeCount} nodes reachable (a cycle or a lost count)`);
      const h = heights[node]!;
      if (h < 0) fail(`node ${node} is in the tree but marked free`);
      const a = child1[node]!, b = child2[node]!;
      if (a === NULL_NODE) {
        leaves++;
        if (h !== 0) fail(`leaf ${node} has height ${h}`);
        if (proxyNode[b] !== node) fail(`leaf ${node} holds proxy ${b}, whose node is ${proxyNode[b]}`);
        continue;
      }
      for (const c of [a, b]) {
        if (!(c >= 0 && c < cap)) fail(`node ${node} has child ${c} out of range`);
        if (parent[c] !== node) fail(`node ${c} has parent ${parent[c]}, expected ${node}`);
        if (!(box[4 * node]! <= box[4 * c]! && box[4 * node + 1]! <= box[4 * c + 1]! && box[4 * node + 2]! >= box[4 * c + 2]! && box[4 * node + 3]! >= box[4 * c + 3]!)) {
          fail(`node ${node}'s box does not contain its child ${c}'s`);
        }
        pending.push(c);
      }
      if (h !== 1 + Math.max(heights[a]!, heights[b]!)) fail(`node ${node} has height ${h}, its children ${heights[a]} and ${heights[b]}`);
    }
  }
  if (reached !== nodeCount) fail(`${reached} nodes reachable, ${nodeCount} allocated`);
  if (leaves !== liveProxies) fail(`${leaves} leaves for ${liveProxies} proxies`);
  let free = 0;
  for (let i = tree["freeNode"]; i !== NULL_NODE; i = parent[i]!) {
    if (!(i >= 0 && i < cap)) fail(`free node ${i} out of range`);
    if (heights[i] !== -1) fail(`free node ${i} has height ${heights[i]}`);
    if (++free > cap) fail("the free node list has a cycle");
  }
  if (free + nodeCount !== cap) fail(`${free} free nodes + ${nodeCount} allocated != capacity ${cap}`);
  let live = 0;
  for (let p = 0; p < proxyCapacity; p++) {
    const leaf = proxyNode[p]!;
    if (leaf < 0) continue;
    live++;
    if (!(leaf < cap) || child1[leaf] !== NULL_NODE || child2[leaf] !== p || heights[leaf] !== 0) fail(`proxy ${p}'s node ${leaf} is not its leaf`);
  }
  if (live !== liveProxies) fail(`${live} live proxies, counted ${liveProxies}`);
  let freeProxies = 0;
  for (let p = tree["freeProxy"]; p !== NULL_NODE; p = -2 - proxyNode[p]!) {
    if (!(p >= 0 && p < proxyCapacity) || proxyNode[p]! >= 0) fail(`free proxy ${p} is not free`);
    if (++freeProxies > proxyCapacity) fail("the free proxy list has a cycle");
  }
  if (freeProxies + live !== proxyCapacity) fail(`${freeProxies} free proxies + ${live} live != capacity ${proxyCapacity}`);
}
