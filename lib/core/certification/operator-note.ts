import { AppError } from "../errors";

/**
 * An operator's free text (reason, payment reference): required where the
 * audit needs a why, trimmed, bounded. Control characters are refused so the
 * audit log reads the same in a terminal as in the database.
 */
export function operatorNote(value: unknown, field: string, maxLength = 500): string {
  if (typeof value !== "string" || !value.trim()) throw new AppError("invalid_parameter", `${field}: required.`, { parameter: field });
  const text = value.trim();
  if (text.length > maxLength) throw new AppError("invalid_parameter", `${field}: at most ${maxLength} characters.`, { parameter: field });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new AppError("invalid_parameter", `${field}: no control characters.`, { parameter: field });
  return text;
}
