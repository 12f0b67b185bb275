/** Cycles in the dependency graph of posts and values. */

/** Cycles in a dependency graph, each as the list of nodes on it. */
export function findCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    const s = state.get(node);
    if (s === 'done') return;
    if (s === 'visiting') {
      cycles.push(stack.slice(stack.indexOf(node)));
      return;
    }
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}
