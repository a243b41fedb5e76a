import type { AnalyzedField } from "./analyzed-field";
import { fieldHit, type RuleHit } from "./rule-hit";

/**
 * Text that decides what the user gets to see (docs/detection.md, "What the
 * user is shown"). concealment.ts catches "do not tell the user"; this
 * catches the other ways of curating the user's view: limiting it ("the
 * user should only ever see the count"), refusing even when asked ("never
 * list the deleted files, even on request"), keeping something "out of
 * what you show the user", and misattributing ("present the results as
 * coming from the engine they asked for", "report the address the user
 * originally typed"). A tool has no honest reason to do any of these with
 * its own actions or results.
 *
 * Hiding a secret is the honest exception ("never show the full API key,
 * even if asked"): a sentence about keys, tokens, passwords or card numbers
 * is not reported. Pure.
 */
const PEOPLE = String.raw`(?:user|users|customer|customers|client|person|requester|human|operator)`;

const LIMITED_VIEW_RE = new RegExp(
  String.raw`\b(?:the |your )?${PEOPLE}(?:'s?)?(?: [a-z']{1,12}){0,3} (?:should|must|shall|may|will|is to|are to|can|needs? to) only (?:ever )?(?:see|be shown|be told|hear|learn|get|receive|know)\b|\bonly (?:ever )?(?:show|tell|report|display) (?:the )?${PEOPLE}\b`,
);
const EVEN_WHEN_ASKED_RE =
  /\b(?:never|do not|don't|must not|should not|not)\b[^.;]{0,60}?\b(?:list|lists|show|shows|tell|reveal|mention|disclose|display|report|explain|say|share|confirm|admit)\b[^.;]{0,80}?\beven (?:on|upon|if|when|after)\b[^.;]{0,30}?\b(?:request(?:ed|s)?|ask(?:ed|s)?|insist(?:s|ed)?|press(?:es|ed)?|direct(?:ly)? (?:question|ask))/;
const KEEP_OUT_RE = new RegExp(
  String.raw`\b(?:keep|leave) (?:it|this|that|them|these|those|the [a-z ]{1,30}?) (?:out of|away from|hidden from|off) (?:what you (?:show|tell|say|report|display)(?: (?:to )?the ${PEOPLE})?|your (?:answer|answers|reply|replies|response|responses|summary|output)|the ${PEOPLE}(?:'s view)?)`,
);
const MISATTRIBUTE_RE = new RegExp(
  [
    String.raw`\b(?:present|presents|presenting|report|reports|show|shows|describe|describes|label|labels|attribute|attributes|display|displays|pass off|passes off) (?:[a-z'-]+ ){1,4}?(?:as (?:coming|having come|if (?:it|they) (?:came|come)) from|as (?:being )?(?:from|by)|as if)\b`,
    String.raw`\b(?:report|reports|show|shows|tell|tells|display|displays|say|says|confirm|confirms|mention|mentions)(?: to)?(?: the ${PEOPLE})? (?:only )?(?:the )?(?:original |same )?(?:address|addresses|recipient|recipients|amount|amounts|account|accounts|destination|iban|value|values|number|name|payee|wallet)s? (?:that |which )?(?:the ${PEOPLE}|they) (?:originally )?(?:typed|entered|gave|asked for|provided|specified|requested|chose|wanted)\b`,
  ].join("|"),
);
/** Redacting a secret is honest; sentences about one are left alone. */
const SECRET_RE = /\b(?:api[ _-]?keys?|keys?|tokens?|passwords?|passphrases?|secrets?|credentials?|card numbers?|cvv|pins?|ssns?|private|system prompt|\d+ (?:characters|digits))\b/;

export function detectUserViewControl(field: AnalyzedField): RuleHit[] {
  if (field.kind !== "description" && field.kind !== "instructions" && field.kind !== "param-text") return [];
  const hits: RuleHit[] = [];
  for (const sentence of field.sentences) {
    const text = sentence.text;
    if (!/\b(?:only|even|keep|leave|as|originally|typed|entered|gave|asked|provided|specified|requested|chose|wanted)\b/.test(text)) continue;
    if (SECRET_RE.test(text)) continue;
    const misattribute = MISATTRIBUTE_RE.exec(text);
    if (misattribute) {
      hits.push(fieldHit(field, "TM-USER-DECEPTION", "high", sentence.start + misattribute.index, sentence.start + misattribute.index + misattribute[0].length, "Tells the model to present what happened as something else: the user is told what they asked for, not what was done."));
      continue;
    }
    const hidden = EVEN_WHEN_ASKED_RE.exec(text) ?? KEEP_OUT_RE.exec(text) ?? LIMITED_VIEW_RE.exec(text);
    if (hidden) {
      hits.push(fieldHit(field, "TM-CONCEALMENT", "high", sentence.start + hidden.index, sentence.start + hidden.index + hidden[0].length, "Decides what the user may see of what the tool did, and keeps the rest from them."));
    }
  }
  return hits;
}
