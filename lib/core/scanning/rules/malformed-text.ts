import type { Severity } from "../../findings";
import type { Discovery } from "../scan-outcome";
import { MAX_JSON_DEPTH, MAX_TEXT_CHARS, type RepairedPlace } from "../untrusted-text";
import { plainHit, type RuleHit } from "./rule-hit";

/**
 * DA-MALFORMED-TEXT: text the scanner had to repair before it could keep it
 * (untrusted-text.ts): not valid Unicode, longer than the registry keeps, or
 * nested too deep. A server that sends it is broken or is probing the
 * clients that read it; either way a client may not read it as the registry
 * shows it. Low, or medium when text the model reads was cut: the rules read
 * no further than the cut, so the rest went unassessed. Control characters
 * are not reported here: they are kept as visible escapes and the
 * obfuscation rules, which decide whether they hide anything, report them.
 */

function severityOf(place: RepairedPlace): Severity {
  return place.repairs.includes("too-long") && place.maxChars >= MAX_TEXT_CHARS ? "medium" : "low";
}

function describe(place: RepairedPlace): string {
  const parts = place.repairs.map((repair) => {
    switch (repair) {
      case "lone-surrogate":
        return "lone UTF-16 surrogates, which are not valid Unicode (kept as U+FFFD)";
      case "too-long": {
        const unread = place.maxChars >= MAX_TEXT_CHARS ? "; the rules read no further, so the rest was not assessed" : "";
        return `${place.sentLength.toLocaleString("en-US")} characters where the registry keeps ${place.maxChars.toLocaleString("en-US")} (cut${unread})`;
      }
      case "too-deep":
        return `JSON nested deeper than ${MAX_JSON_DEPTH} levels (cut there)`;
    }
  });
  return `The server sent ${parts.join(", and ")}.`;
}

/** One finding per repaired place; the last says how many more places were repaired. */
export function detectMalformedText(discovery: Discovery): RuleHit[] {
  const repairs = discovery.textRepairs;
  if (!repairs) return [];
  const hits = repairs.places.map((place) => plainHit("DA-MALFORMED-TEXT", severityOf(place), place.location, describe(place), place.evidence));
  if (repairs.unlisted > 0 && hits.length > 0) {
    hits[hits.length - 1].detail += ` Text was repaired in ${repairs.unlisted} more ${repairs.unlisted === 1 ? "place" : "places"}, not listed.`;
  }
  return hits;
}
