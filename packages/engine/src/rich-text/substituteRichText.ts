import type { RichTextNode } from "@parley/schemas";
import { toSafeUrl } from "../blocks/shared/toSafeUrl";
import type { EnginePorts } from "../ports";
import { parseVariablesWithInlineCode } from "../variables/parseVariablesWithInlineCode";
import type { VariableScope } from "../variables/VariableScope";

/** A copy of the nodes with variables (and inline code) substituted in texts and link URLs (unsafe schemes emptied). */
export const substituteRichText = async (
  nodes: RichTextNode[],
  scope: VariableScope,
  ports: Pick<EnginePorts, "evaluateExpression">,
): Promise<RichTextNode[]> => Promise.all(nodes.map((node) => substituteNode(node, scope, ports)));

const substituteNode = async (
  node: RichTextNode,
  scope: VariableScope,
  ports: Pick<EnginePorts, "evaluateExpression">,
): Promise<RichTextNode> => {
  const copy: RichTextNode = { ...node };
  if (typeof node.text === "string") copy.text = await parseVariablesWithInlineCode(node.text, scope, ports);
  if (typeof node.url === "string")
    copy.url = toSafeUrl(await parseVariablesWithInlineCode(node.url, scope, ports));
  if (Array.isArray(node.children)) copy.children = await substituteRichText(node.children, scope, ports);
  return copy;
};
