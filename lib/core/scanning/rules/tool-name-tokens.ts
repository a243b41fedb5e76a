/**
 * Splits a tool name into lower-case words ("deleteFile", "file_delete",
 * "git-push" -> ["delete","file"], ["file","delete"], ["git","push"]), so
 * capability rules can read what a tool claims to do from its name.
 */
export function toolNameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}
