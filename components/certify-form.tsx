"use client";

import { useActionState } from "react";
import { IDLE, type CertifyFormState } from "@/lib/site/form-states";

type CertifyAction = (state: CertifyFormState, formData: FormData) => Promise<CertifyFormState>;

/**
 * The publisher's intake form. The browser checks the obvious (required,
 * type=email, an http(s) pattern) before sending; the server checks again
 * with the API's own schema (lib/schemas/certify.ts), and its message comes
 * back next to the field it names.
 */
export function CertifyForm({ action, initialUrl = "" }: { action: CertifyAction; initialUrl?: string }) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const error = state.status === "error" ? state.error : null;
  const values = state.status === "error" ? state.values : { server_url: initialUrl, tier: "standard", contact_email: "" };
  const invalid = (field: string) => (error?.field === field ? true : undefined);
  const describedBy = (field: string, help: string) => (error?.field === field ? `${help} ${field}-error` : help);
  const fieldError = (field: string) =>
    error?.field === field ? (
      <p id={`${field}-error`} className="field-error">
        {error.message}
      </p>
    ) : null;
  // A new key per answer re-mounts the fields with the values sent, which React's form reset would clear.
  const key = state.status === "error" ? JSON.stringify(values) : "initial";
  return (
    <form action={formAction} className="form certify-form" key={key}>
      <div className="field">
        <label htmlFor="certify-url">Server URL</label>
        <input
          id="certify-url"
          name="server_url"
          type="url"
          required
          pattern="https?://.+"
          maxLength={2048}
          placeholder="https://mcp.example.com/mcp"
          defaultValue={values.server_url}
          aria-invalid={invalid("server_url")}
          aria-describedby={describedBy("server_url", "certify-url-help")}
        />
        <p id="certify-url-help" className="field-help">
          The MCP endpoint you publish. You will prove control of its origin.
        </p>
        {fieldError("server_url")}
      </div>
      <fieldset className="field" aria-describedby={error?.field === "tier" ? "tier-error" : undefined}>
        <legend>Tier</legend>
        <label className="radio">
          <input type="radio" name="tier" value="standard" required defaultChecked={values.tier !== "premium"} /> Standard: needs a latest grade of C or
          better
        </label>
        <label className="radio">
          <input type="radio" name="tier" value="premium" defaultChecked={values.tier === "premium"} /> Premium: needs a latest grade of B or better
        </label>
        {fieldError("tier")}
      </fieldset>
      <div className="field">
        <label htmlFor="certify-email">Contact email</label>
        <input
          id="certify-email"
          name="contact_email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="security@example.com"
          defaultValue={values.contact_email}
          aria-invalid={invalid("contact_email")}
          aria-describedby={describedBy("contact_email", "certify-email-help")}
        />
        <p id="certify-email-help" className="field-help">
          Only the registry&apos;s operators see it. It is never shown on any public page.
        </p>
        {fieldError("contact_email")}
      </div>
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Submitting…" : "Apply for certification"}
      </button>
      {pending ? (
        <p role="status" className="muted">
          Opening the application (a server the registry has not scanned yet is scanned first)…
        </p>
      ) : null}
      {error && !pending ? (
        <div id="certify-error" className="notice notice-error" role="alert">
          <p className="notice-title">{error.title}</p>
          <p>{error.field ? `${error.message} The field is marked above.` : error.message}</p>
        </div>
      ) : null}
    </form>
  );
}
