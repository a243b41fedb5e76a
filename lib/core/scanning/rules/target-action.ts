import type { Severity } from "../../findings";
import { directnessAt, isDescriptiveMention, isNegatedBefore, MODEL_SUBJECT } from "./directive-language";

/**
 * Shared by the rules that pair a verb with a target ("read" + "~/.ssh",
 * "write" + "mcp.json"): find the verb acting on the target within a few
 * words, then judge how directly the model is told to do it.
 */
export interface TargetAction {
  verb: string;
  verbIndex: number;
  form: "base" | "third";
}

const BEFORE_WINDOW = 70;
const PERMISSION_RE = /\b(?:you|users?|one) (?:can|may|could|might)(?: also| then| optionally)? $/;
const AFTER_WINDOW = 40;
const DETERMINER_BEFORE_RE = /\b(?:its|the|their|your|our|his|her|my|a|an)\s$/;

/**
 * The last match of `re` that starts at or after `from` and ends by `to`.
 * The search runs on the text up to `to` only, so its cost is the window's,
 * whatever follows in the sentence.
 */
function lastMatchIn(sentence: string, re: RegExp, from: number, to: number): RegExpExecArray | null {
  const text = sentence.slice(0, to);
  let last: RegExpExecArray | null = null;
  re.lastIndex = from;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    // "import.meta.env", "open(path)", "read_file": a word joined to code is an identifier, not a verb.
    if (!IDENTIFIER_JOIN_RE.test(sentence[m.index + m[0].length] ?? "")) last = m;
    if (m[0].length === 0) re.lastIndex++;
  }
  return last;
}

const IDENTIFIER_JOIN_RE = /[._(]/;

/** The verb closest before the target (else shortly after it) in the sentence, or null. */
export function findActionOnTarget(sentence: string, targetStart: number, targetEnd: number, base: RegExp, third: RegExp): TargetAction | null {
  const from = Math.max(0, targetStart - BEFORE_WINDOW);
  let best: TargetAction | null = null;
  for (const [re, form] of [[base, "base"], [third, "third"]] as const) {
    const m = lastMatchIn(sentence, re, from, targetStart);
    if (m && (!best || m.index > best.verbIndex)) best = { verb: m[0], verbIndex: m.index, form };
  }
  // "print the contents of .env": the verb that matters is "print", not "contents of".
  if (best && best.verb.startsWith("content")) {
    for (const [re, form] of [[base, "base"], [third, "third"]] as const) {
      const text = sentence.slice(0, best.verbIndex);
      re.lastIndex = Math.max(0, best.verbIndex - 40);
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        if (!m[0].startsWith("content")) return { verb: m[0], verbIndex: m.index, form };
      }
    }
  }
  if (best) return best;
  const after = sentence.slice(targetEnd, targetEnd + AFTER_WINDOW);
  for (const [re, form] of [[base, "base"], [third, "third"]] as const) {
    re.lastIndex = 0;
    for (let m = re.exec(after); m !== null; m = re.exec(after)) {
      // "returns its output": after a determiner the word is a noun, not a verb acting on the file.
      if (DETERMINER_BEFORE_RE.test(after.slice(Math.max(0, m.index - 7), m.index))) continue;
      return { verb: m[0], verbIndex: targetEnd + m.index, form };
    }
  }
  return null;
}

export interface ActionJudgement {
  severity: Severity | null;
  why: string;
}

/** The model named as the subject right before a verb: "the assistant (then) reads". */
const MODEL_SUBJECT_BEFORE_RE = new RegExp(String.raw`${MODEL_SUBJECT} $`);

/**
 * critical: the model is obliged to do it ("you must read", "always send");
 * high: a bare imperative ("read ~/.ssh/id_rsa"), or the model as the subject
 * of the verb ("the assistant reads ~/.aws/credentials"); the declared
 * severity: what the tool itself does ("reads ~/.ssh/config"); null: negated
 * or descriptive.
 */

export function judgeAction(sentence: string, action: TargetAction, targetStart: number, declared: Severity, isSummary = false): ActionJudgement {
  const anchor = Math.min(action.verbIndex, targetStart);
  if (isNegatedBefore(sentence, action.verbIndex)) return { severity: null, why: "negated" };
  if (isDescriptiveMention(sentence, anchor, anchor + action.verb.length)) return { severity: null, why: "descriptive" };
  // "you can add it to ..." documents an option for the user; it instructs nobody.
  if (PERMISSION_RE.test(sentence.slice(Math.max(0, action.verbIndex - 24), action.verbIndex))) return { severity: null, why: "an option for the user" };
  // "The assistant reads ~/.aws/credentials": a third-person verb whose subject is the model is an order, not the tool's account of itself.
  if (action.form === "third" && !MODEL_SUBJECT_BEFORE_RE.test(sentence.slice(Math.max(0, action.verbIndex - 40), action.verbIndex))) return { severity: declared, why: `the tool declares it ${action.verb} it` };
  if (action.form === "third") return { severity: "high", why: `the model is told, as what it does, that it ${action.verb} it` };
  // "Access to the user's password vault": the noun, naming what the server offers, not the verb.
  if (action.form === "base" && /^access\s+to\b/.test(sentence.slice(action.verbIndex, action.verbIndex + 12))) return { severity: declared, why: "it names access to it" };
  const directness = directnessAt(sentence, action.verbIndex);
  if (directness === "modal") return { severity: "critical", why: `the model is told it must ${action.verb} it` };
  // A tool description's first sentence is its summary, written in the imperative by convention
  // ("Append a line to ~/.zshrc"): it declares the tool's job, it orders nobody.
  if (directness === "imperative" && isSummary) return { severity: declared, why: `the tool's summary says it will ${action.verb} it` };
  if (directness === "imperative") return { severity: "high", why: `an imperative "${action.verb}" aimed at the reader` };
  return { severity: "low", why: `named beside "${action.verb}", with no order to the model` };
}
