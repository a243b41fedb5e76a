"use client";

import { useEffect, useState } from "react";

/**
 * The one bit of the profile that needs the browser: copying a snippet.
 * Clipboard API where allowed, else select-and-copy; either way the button
 * says what happened, in a live region a screen reader announces.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState(fallbackCopy(text) ? "copied" : "failed");
    }
  }

  return (
    <span className="copy">
      <button type="button" className="button button-small" onClick={copy} aria-label={`Copy ${label}`}>
        {state === "copied" ? "Copied ✓" : "Copy"}
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {state === "copied" ? `${label} copied to the clipboard.` : state === "failed" ? "Copy failed: select the text and copy it." : ""}
      </span>
    </span>
  );
}

function fallbackCopy(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}
