// The fields one dataset query names, as the platform counts them against `maxNumberOfFields`: each leaf as
// its path (`avg_sampleInterval`, the form settings.mdx gives for `availableFields`), once however often it is
// aliased. Fragments count as the fields they hold.
import type { GraphQLResolveInfo, SelectionSetNode } from "graphql";

export function selectedFieldPaths(info: GraphQLResolveInfo): string[] {
  const paths = new Set<string>();
  const walk = (set: SelectionSetNode | undefined, prefix: string) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === "InlineFragment") walk(selection.selectionSet, prefix);
      else if (selection.kind === "FragmentSpread") walk(info.fragments[selection.name.value]?.selectionSet, prefix);
      else if (!selection.name.value.startsWith("__")) {
        const path = `${prefix}${selection.name.value}`;
        if (selection.selectionSet) walk(selection.selectionSet, `${path}_`);
        else paths.add(path);
      }
    }
  };
  for (const node of info.fieldNodes) walk(node.selectionSet, "");
  return [...paths];
}
