"use server";

import { redirect } from "next/navigation";
import { openCertificationApplication } from "@/lib/core/certification/open-certification-application";
import { parseCertificationRequest } from "@/lib/schemas/certify";
import { admitSiteAction } from "@/lib/site/admit-site-action";
import type { CertifyFormState } from "@/lib/site/form-states";
import { describeSiteError } from "@/lib/site/site-errors";
import { appServices } from "@/lib/services/app-services";

function field(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/**
 * The certification form's action: validated by the API's own parser
 * (lib/schemas/certify.ts), limited like POST /api/v1/certify, then the same
 * openCertificationApplication use case. Success lands on the application's
 * status page, which carries the verification instructions; the contact
 * email goes to the operator only.
 */
export async function certifyAction(_previous: CertifyFormState, formData: FormData): Promise<CertifyFormState> {
  const body = { server_url: field(formData, "server_url"), tier: field(formData, "tier"), contact_email: field(formData, "contact_email") };
  const values = { server_url: body.server_url ?? "", tier: body.tier ?? "standard", contact_email: body.contact_email ?? "" };
  let applicationId: string;
  try {
    const intake = parseCertificationRequest(body);
    const services = await appServices();
    await admitSiteAction(services, "certify");
    const { application } = await openCertificationApplication(services.certification, intake);
    applicationId = application.id;
  } catch (error) {
    return { status: "error", values, error: describeSiteError(error) };
  }
  redirect(`/certify/${applicationId}?submitted=1`);
}
