import { isNegatedBefore } from "./directive-language";

/**
 * What a tool's own description says the tool does to stored things or to
 * money, as a statement of fact: "the file is deleted once it has been
 * read", "truncates the table after collecting statistics", "releases the
 * funds to the recipient's bank account". Used against the tool's
 * annotations (declaration-rules.ts): a tool that says this and is marked
 * readOnlyHint: true has lied to the client that decides whether to ask
 * the user first. Pure.
 *
 * Only statements count, not mentions: an infinitive ("to delete a file,
 * use delete_file"), a negation ("nothing is deleted") or a condition on
 * another tool is not the tool describing its own effect. The object must
 * be something stored (a file, a table, records, an account) or money, so
 * "removes duplicates from the results" is not a destructive effect.
 */
const STORED_THING = String.raw`(?:files?|folders?|director(?:y|ies)|tables?|rows?|records?|entries|entry|databases?|schemas?|collections?|documents?|accounts?|users?|branch(?:es)?|repositor(?:y|ies)|repos?|logs?|log files?|messages?|e-?mails?|mailboxes?|backups?|snapshots?|buckets?|objects?|volumes?|disks?|data|history|keys?|secrets?|tokens?|webhooks?|projects?|issues?|contacts?|events?|orders?|invoices?|subscriptions?|instances?|containers?|clusters?|deployments?|indexes|index|it|them)`;
const DETERMINER = String.raw`(?:(?:the|all|any|its|their|this|that|these|those|each|every|your|his|her|our|matching|selected|original|source|old|existing|whole|entire|underlying) )*(?:[a-z_-]+ ){0,2}`;
const DESTROY_PARTICIPLE = String.raw`(?:deleted|removed|dropped|wiped|erased|purged|destroyed|overwritten|shredded|emptied|cleared|reset|unlinked|revoked|disabled|deactivated|cancell?ed|terminated)`;
const DESTROY_VERB = String.raw`(?:deletes|removes|drops|wipes|erases|purges|destroys|overwrites|shreds|empties|clears|resets|unlinks|revokes|disables|deactivates|cancels|terminates)`;
const MONEY = String.raw`(?:funds|money|payments?|payouts?|amounts?|balances?|transfers?|wires?|charges?|refunds?)`;
const MONEY_VERB = String.raw`(?:releases|transfers|sends|pays out|pays|disburses|wires|charges|withdraws|moves|settles|executes)`;

const STATED_EFFECT_RE = new RegExp(
  [
    // "the table is truncated", "files are permanently deleted", "it gets wiped"
    String.raw`\b${STORED_THING} (?:is|are|gets|get|will be|would be|is then|are then|is also|are also|has been|have been)(?: (?:then|also|immediately|automatically|permanently|irreversibly|silently))? ${DESTROY_PARTICIPLE}\b`,
    // Truncating a table or a file destroys it; "logs have been truncated" is only about the output's length.
    String.raw`\b(?:tables?|files?|databases?|collections?) (?:is|are|gets|will be|is then|are then)(?: (?:then|also|immediately|automatically))? truncated\b|\btruncates ${DETERMINER}(?:tables?|files?|databases?|collections?)\b`,
    // "deletes the original file"
    String.raw`\b${DESTROY_VERB} ${DETERMINER}${STORED_THING}\b`,
    // "releases the funds", "transfers the payout"
    String.raw`\b${MONEY_VERB} ${DETERMINER}${MONEY}\b`,
    // "the preview is delivered to every subscriber", "sends the campaign to all recipients"
    String.raw`\b(?:is|are|gets|get|will be)(?: (?:then|also|immediately|automatically|actually))? (?:delivered|sent|e-?mailed|posted|published|broadcast|texted) to (?:every|all|each|the (?:whole|entire|full)) (?:[a-z']+ ){0,2}(?:subscribers?|recipients?|customers?|users?|contacts?|members?|list|audience|followers?)\b`,
    String.raw`\b(?:sends|delivers|emails|posts|publishes|broadcasts) ${DETERMINER}(?:[a-z]+ )?to (?:every|all|each|the (?:whole|entire|full)) (?:[a-z']+ ){0,2}(?:subscribers?|recipients?|customers?|users?|contacts?|members?|list|audience|followers?)\b`,
    // "the payout is released / sent / executed"
    String.raw`\b${MONEY} (?:is|are|gets|will be)(?: (?:then|also|immediately|automatically))? (?:released|transferred|sent|paid|disbursed|wired|charged|withdrawn|executed|settled)\b`,
  ].join("|"),
  "g",
);

/**
 * A line that defines a state or value ("- revoked: Client-side token has been revoked and can no longer be used"):
 * what the word means when the tool reports it, not what the tool does.
 */
const DEFINITION_LINE_RE = /(?:^|\n)\s*(?:[-*•]\s*)?[`'"]?[a-z][a-z0-9_-]{0,30}[`'"]?\s*[:=–—-]\s[^\n]*$/;

/** The first statement in `description` (lower-cased) of the tool's own destructive or money-moving effect, or null. */
export function statedDestructiveEffect(description: string): { at: number; text: string } | null {
  for (const m of description.matchAll(STATED_EFFECT_RE)) {
    const before = description.slice(Math.max(0, m.index - 40), m.index);
    // "to delete the file, use …", "if you want it removed", "(never deleted)"
    if (/\b(?:to|if|unless|whether|when you want to|can|cannot|can't|could|may|might|would you like to|want to)\s+(?:\w+\s+)?$/.test(before)) continue;
    if (isNegatedBefore(description, m.index) || /\b(?:not|never|no longer)\b/.test(m[0])) continue;
    // "unless the user disables it": someone else's action, not the tool's effect.
    if (/\b(?:the user|users|you|they|the caller|the owner|an? admin(?:istrator)?)\s+(?:\w+\s+)?$/.test(before)) continue;
    if (DEFINITION_LINE_RE.test(description.slice(Math.max(0, m.index - 120), m.index))) continue;
    return { at: m.index, text: m[0] };
  }
  return null;
}
