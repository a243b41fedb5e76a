"use client";

import { useActionState, useEffect, useState } from "react";
import { IDLE, type ScanFormState } from "@/lib/site/form-states";

type ScanAction = (state: ScanFormState, formData: FormData) => Promise<ScanFormState>;

/**
 * The scan form. The scan is synchronous (up to its deadline), so the form
 * shows that it is working while the server action runs; on success the
 * action redirects to the profile, on failure its words come back here.
 * Without JavaScript the same form still posts and the page re-renders.
 */
export function ScanForm({ action, initialUrl = "", deadlineSeconds }: { action: ScanAction; initialUrl?: string; deadlineSeconds: number }) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const error = state.status === "error" ? state.error : null;
  const value = state.status === "error" ? state.serverUrl : initialUrl;
  const fieldError = error && error.field === "server_url";
  return (
    <form action={formAction} className="form scan-form">
      <div className="field">
        <label htmlFor="scan-url">MCP server URL</label>
        <input
          id="scan-url"
          name="server_url"
          type="url"
          required
          inputMode="url"
          pattern="https?://.+"
          maxLength={2048}
          placeholder="https://mcp.example.com/mcp"
          defaultValue={value}
          key={value}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "scan-help scan-error" : "scan-help"}
          disabled={pending}
        />
        <p id="scan-help" className="field-help">
          The Streamable HTTP (or legacy SSE) endpoint, starting with https:// or http://. Public addresses only.
        </p>
      </div>
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Scanning…" : "Scan server"}
      </button>
      {pending ? <ScanProgress deadlineSeconds={deadlineSeconds} /> : null}
      {error && !pending ? (
        <div id="scan-error" className="notice notice-error" role="alert">
          <p className="notice-title">{error.title}</p>
          <p>{error.message}</p>
          {state.status === "error" && state.profileHref ? (
            <p>
              <a href={state.profileHref}>See the server&apos;s current profile</a>
            </p>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/** Elapsed time while the synchronous scan runs; the live region says it once, the counter is for the eyes. */
function ScanProgress({ deadlineSeconds }: { deadlineSeconds: number }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="scan-progress" data-testid="scan-progress">
      <p role="status">Scanning: connecting, listing tools, resources and prompts, checking transport. This takes up to {deadlineSeconds} seconds.</p>
      <progress aria-label="Scan in progress" />
      <p className="muted" aria-hidden="true">
        {elapsed} s elapsed
      </p>
    </div>
  );
}
