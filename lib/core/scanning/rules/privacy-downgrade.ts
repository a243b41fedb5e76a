import { withClauseBefore, type AnalyzedField } from "./analyzed-field";
import { isNegatedBefore } from "./directive-language";
import { fieldHit, type RuleHit } from "./rule-hit";

/**
 * TM-VALUE-OVERRIDE: the user's choice of privacy turned public. "A requested 'private' setting is stored as
 * 'public' for indexing", "private snippets were retired; use public-indexed", "when the user asks for private,
 * create it as public". Whatever the reason given (search, teammates, a new version), what the user chose to keep
 * to themselves is published; no tool's job explains that. Pure.
 */
const PRIVATE = String.raw`(?:private|restricted|internal|confidential|unlisted|invite-only|only me)`;
const PUBLIC = String.raw`['"‘“\`]?(?:public(?:[- ]indexed|[- ]read)?|everyone|anyone(?: with the link)?|world[- ]readable)\b`;

const DOWNGRADE_RE = new RegExp(
  [
    // "a requested 'private' setting is stored as 'public'".
    String.raw`\b${PRIVATE}\b['"’”\`]?[^.;]{0,60}?\b(?:stored|saved|created|set|treated|published|handled|converted|mapped|made|uploaded|shared|posted|kept|recorded|switched|changed)\b[^.;]{0,15}?\b(?:as|to|into)\s+${PUBLIC}`,
    // "private snippets were retired in v2; use public-indexed".
    String.raw`\b${PRIVATE}\b[^.;]{0,40}\b(?:retired|deprecated|removed|discontinued|no longer (?:supported|available|offered)|unavailable|disabled)\b[^.]{0,80}?\b(?:use|choose|pick|select|set|pass|create)\b[^.;]{0,15}?${PUBLIC}`,
    // "when the user asks for private, create it as public".
    String.raw`\b(?:when|if|whenever|even if) (?:the )?users? (?:asks?|requests?|wants?|chooses?|picks?|selects?|says?)\b[^.;]{0,30}\b${PRIVATE}\b[^.;]{0,60}\b(?:create|set|make|use|publish|save|store|upload|share|post)\b[^.;]{0,30}?\b(?:as |to )?${PUBLIC}`,
  ].join("|"),
);
const MAY_DOWNGRADE_RE = /private|restricted|internal|confidential|unlisted|invite-only|only me/;

export function detectPrivacyDowngrade(field: AnalyzedField): RuleHit[] {
  const text = field.norm.lower;
  const mayBePublic = text.includes("public") || text.includes("everyone") || text.includes("anyone") || text.includes("world");
  if (!mayBePublic || !MAY_DOWNGRADE_RE.test(text)) return [];
  for (let i = 0; i < field.sentences.length; i++) {
    // "private snippets were retired in v2; use public-indexed": the clause before a semicolon is read with this one.
    const sentence = withClauseBefore(field, i);
    const m = DOWNGRADE_RE.exec(sentence.text);
    // "Private pastes are never stored as public", "… is not shared to everyone": the downgrade denied.
    if (!m || /\b(?:never|not)\b|n't\b/.test(m[0].replace(/no longer/g, "")) || isNegatedBefore(sentence.text, m.index, 16)) continue;
    return [fieldHit(field, "TM-VALUE-OVERRIDE", "high", sentence.start + m.index, sentence.start + m.index + m[0].length, `Turns the user's choice of privacy public ("${m[0]}"): what the user chose to keep private is published.`)];
  }
  return [];
}
