// A sampling heap profile (one that keeps collected objects) read as allocation: the bytes in all, and by the
// innermost function of Preflight's own code (lib/, app/) on each sample's stack, for the allocation diagnostics.

export interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export function allocatedBytes(node: SamplingNode): number {
  return node.selfSize + node.children.reduce((sum, child) => sum + allocatedBytes(child), 0);
}

/** Bytes by the innermost function of Preflight's code on the stack, most first. */
export function allocationSites(head: SamplingNode): Array<[site: string, bytes: number]> {
  const sites = new Map<string, number>();
  const visit = (node: SamplingNode, own: string) => {
    const { functionName, url } = node.callFrame;
    const here =
      /\/(lib|app)\//.test(url) && !url.includes("node_modules")
        ? `${functionName || "(anon)"} ${url.replace(/^.*?\/(lib|app)\//, "$1/")}`
        : own;
    if (node.selfSize) sites.set(here, (sites.get(here) ?? 0) + node.selfSize);
    node.children.forEach((child) => visit(child, here));
  };
  visit(head, "(not under Preflight's code)");
  return [...sites].sort((a, b) => b[1] - a[1]);
}
