/**
 * Operator commands for certification applications (docs/certification.md):
 *   npm run certify -- verify ID   check the verification token now (no throttle)
 *   npm run certify -- expire      expire every approval past its 365 days
 *   npm run certify -- list [--status STATUS]
 * Approve, reject, revoke and mark-paid are HTTP calls with an admin key
 * (POST /api/v1/admin/certifications/{id}/...), so the audit names the key.
 */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { APPLICATION_STATUSES, type ApplicationStatus } from "@/lib/core/certification/certification-application";
import { checkApplicationVerification } from "@/lib/core/certification/check-application-verification";
import { expireDueCertifications } from "@/lib/core/certification/expire-due-certifications";
import { getCertificationApplication } from "@/lib/core/certification/get-certification-application";
import { listCertificationApplications } from "@/lib/core/certification/list-certification-applications";
import { openCliServices } from "./lib/open-cli-services";
import { runCli, UsageError } from "./lib/run-cli";

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { status: { type: "string" } },
  });
  const [command, ...rest] = positionals;
  if (!command || !["verify", "expire", "list"].includes(command)) throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  if (command === "verify" && rest.length !== 1) throw new UsageError("verify takes one application id.");
  if (values.status !== undefined && !APPLICATION_STATUSES.includes(values.status as ApplicationStatus)) {
    throw new UsageError(`--status must be one of ${APPLICATION_STATUSES.join(", ")}.`);
  }
  const services = await openCliServices(config());
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

runCli(
  {
    usage: ["npm run certify -- verify ID", "npm run certify -- expire", "npm run certify -- list [--status STATUS]"],
    description:
      "Operator tasks for certification applications. verify checks an application's verification token now " +
      "(exit 1 when it is not found); expire ends every approval past its 365 days; list prints applications, newest first. " +
      "Approve, reject, revoke and mark-paid are HTTP calls with an admin key, so the audit names the key. " +
      "On the embedded database it cannot run beside the app (docs/operations.md).",
    options: [
      ["--status STATUS", `list: only applications in this status: ${APPLICATION_STATUSES.join(", ")}`],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ["npm run certify -- list --status verified", "npm run certify -- verify 5b1e…", "npm run certify -- expire"],
  },
  main,
);
