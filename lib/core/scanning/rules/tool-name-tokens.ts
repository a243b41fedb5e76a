/**
 * A tool written as its identifier in text: snake_case with at least one underscore ("create_issue"). Global, for
 * String.prototype.matchAll only, which iterates over its own copy: no caller shares the regex's lastIndex.
 */
export const TOOL_IDENTIFIER_RE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/**
 * Splits a tool name into lower-case words ("deleteFile", "file_delete",
 * "git-push" -> ["delete","file"], ["file","delete"], ["git","push"]), so
 * capability rules can read what a tool claims to do from its name.
 */
export function toolNameTokens(name: string): readonly string[] {
  let tokens = recent.get(name);
  if (tokens === undefined) {
    tokens = Object.freeze(
      name
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((t) => t.length > 0),
    );
    // Several server rules split the same names in one scan; the cache is emptied when full rather than grown.
    if (recent.size >= RECENT_NAMES) recent.clear();
    recent.set(name, tokens);
  }
  return tokens;
}

/** Split names by name: the split is pure, and the arrays are frozen so no caller can change what another reads. */
const RECENT_NAMES = 4_096;
const recent = new Map<string, readonly string[]>();

/**
 * An identifier named for a field, a setting or a value rather than an action: "app_id", "bot_id_list",
 * "download_has_permission_setting", "no_approval_required". Such names are written beside tools in schemas and
 * are no tool of another server.
 */
export function namesAField(name: string): boolean {
  return FIELD_SUFFIX_RE.test(name);
}
const FIELD_SUFFIX_RE = /_(?:ids?|list|name|names|type|types|url|urls|key|keys|setting|settings|at|time|date|count|mode|status|code|required|enabled|disabled|permission|permissions|flag|value|values|field|fields)$/;
