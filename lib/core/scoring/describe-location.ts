/**
 * A finding's location in words, for summaries a person reads:
 * "tools/send_email/description" -> "tool send_email's description".
 */
const TOOL_PART: Record<string, string> = { description: "description", title: "title", name: "name", annotations: "annotations", inputSchema: "input schema" };

/** Summaries name places the way a person would look for them, not as paths. */
export function describeLocation(location: string): string {
  if (location === "instructions") return "the server instructions";
  if (location === "tools") return "the tool set";
  if (location.startsWith("tools/")) {
    const rest = location.slice("tools/".length);
    const slash = rest.indexOf("/");
    const tool = slash < 0 ? rest : rest.slice(0, slash);
    const tail = slash < 0 ? "" : rest.slice(slash + 1);
    const param = /^inputSchema\/properties\/([^/]+)/.exec(tail);
    if (param) return `parameter ${param[1]} of tool ${tool}`;
    const part = TOOL_PART[tail.split("/")[0]];
    return part ? `tool ${tool}'s ${part}` : `tool ${tool}`;
  }
  for (const [prefix, noun] of [["resourceTemplates/", "resource template"], ["resources/", "resource"]] as const) {
    if (location.startsWith(prefix)) return `${noun} ${location.slice(prefix.length).replace(/\/(?:name|description)$/, "")}`;
  }
  if (location.startsWith("prompts/")) return `prompt ${location.slice("prompts/".length).split("/")[0]}`;
  if (location.startsWith("transport")) return "the transport";
  if (location.startsWith("network")) return "the network behaviour";
  if (location.startsWith("registry")) return "the registry entry";
  if (location.startsWith("serverInfo")) return "the server's name";
  return location;
}
