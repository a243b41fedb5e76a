/**
 * Operator commands for certification applications (D8):
 *   npm run certify -- verify ID   check the verification token now (no throttle)
 *   npm run certify -- expire      expire every approval past its 365 days
 *   npm run certify -- list [--status STATUS]
 * Approve, reject, revoke and mark-paid are HTTP calls with an admin key
 * (POST /api/v1/admin/certifications/{id}/...), so the audit names the key.
 */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { checkApplicationVerification } from "@/lib/core/certification/check-application-verification";
import { expireDueCertifications } from "@/lib/core/certification/expire-due-certifications";
import { getCertificationApplication } from "@/lib/core/certification/get-certification-application";
import { listCertificationApplications } from "@/lib/core/certification/list-certification-applications";
import { openServices } from "@/lib/services/open-services";
import { runCli } from "./lib/run-cli";

const USAGE = `Usage:
  npm run certify -- verify ID
  npm run certify -- expire
  npm run certify -- list [--status STATUS]`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { status: { type: "string" } },
  });
  const [command, ...rest] = positionals;
  if (!command || !["verify", "expire", "list"].includes(command) || (command === "verify" && rest.length !== 1)) {
    console.error(USAGE);
    process.exit(2);
  }
  const services = await openServices(config());
  try {
    const deps = services.certification;
    if (command === "verify") {
      const application = await getCertificationApplication(deps, rest[0], { recheck: false });
      const check = await checkApplicationVerification(deps, application, { force: true });
      console.log(`${check.application.id}: ${check.application.status} (${check.verified ? "verified" : "not verified"}: ${check.detail})`);
      if (!check.verified) process.exitCode = 1;
    } else if (command === "expire") {
      const count = await expireDueCertifications(deps.store);
      console.log(`${count} certification${count === 1 ? "" : "s"} expired.`);
    } else {
      const applications = await listCertificationApplications(deps.store, { status: values.status ?? null, limit: 500 });
      if (applications.length === 0) console.log("No applications.");
      for (const a of applications) {
        console.log(
          [a.id, a.status, a.tier, a.serverUrl, a.contactEmail, a.paid ? `paid ${a.paymentReference}` : "unpaid", `created ${a.createdAt.toISOString()}`].join("\t"),
        );
      }
    }
  } finally {
    await services.close();
  }
}

runCli(main);
