/**
 * Two rewrites of a pattern's source that leave what it matches unchanged and make V8 run it several
 * times faster (docs/detection.md, "Speed"). Irregexp decides whether an alternative can start at a
 * position by peeking at the next characters; an alternative that opens with `\b`, or a long list of
 * literals, defeats that peek, so every alternative is tried at every position. The rule engine's
 * largest patterns are exactly such lists, written one alternative per idea for readability; these
 * helpers keep them written that way and compile them in the shape the engine runs fast.
 */

/** A pattern's source cut at its top-level `|` (outside groups and character classes). */
export function topLevelAlternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

/**
 * `\ba|\bb|c|\bd` compiled as `\b(?:a|b)|c|\bd`: each run of neighbouring alternatives that open with a
 * word edge tests the edge once. Order is kept, so the same alternative wins at every position and
 * exec returns the same match.
 */
export function sharedWordEdge(re: RegExp): RegExp {
  const alternatives = topLevelAlternatives(re.source);
  const parts: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length === 1) parts.push(`\\b${run[0]}`);
    else if (run.length > 1) parts.push(`\\b(?:${run.join("|")})`);
    run = [];
  };
  for (const alternative of alternatives) {
    if (alternative.startsWith("\\b")) run.push(alternative.slice(2));
    else {
      flush();
      parts.push(alternative);
    }
  }
  flush();
  return new RegExp(parts.join("|"), re.flags);
}

/** An alternative that starts with one plain character, not itself repeated or optional. */
function plainFirst(alternative: string, ignoreCase: boolean): string | null {
  if (alternative.length < 2 || !/^[a-z0-9 @'_-]$/i.test(alternative[0]) || /[?*+{]/.test(alternative[1])) return null;
  return ignoreCase ? alternative[0].toLowerCase() : alternative[0];
}

/**
 * For pre-checks read with `test()` only: `alpha|beta|also` compiled as `a(?:lpha|lso)|beta`, so a
 * position is tried only against the alternatives that start with its character. Whether some
 * alternative matches is unchanged; which one, and where, may not be, so never use it with exec.
 */
export function firstLetterIndexed(re: RegExp): RegExp {
  if (re.global || re.sticky) throw new Error("firstLetterIndexed is for test() pre-checks, not for global or sticky patterns");
  const ignoreCase = re.flags.includes("i");
  const groups = new Map<string, string[]>();
  const others: string[] = [];
  for (const alternative of topLevelAlternatives(re.source)) {
    const first = plainFirst(alternative, ignoreCase);
    if (first === null) others.push(alternative);
    else (groups.get(first) ?? groups.set(first, []).get(first)!).push(alternative.slice(1));
  }
  const grouped = [...groups].map(([first, rests]) => (rests.length === 1 ? `${first}${rests[0]}` : `${first}(?:${rests.join("|")})`));
  return new RegExp([...grouped, ...others].join("|"), re.flags);
}
