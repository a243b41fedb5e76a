import type { Metadata } from "next";
import { CertifyForm } from "@/components/certify-form";
import { certifyAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Certification for publishers" };

/** /certify?server_url=…: a profile's "Apply for this server" prefills the URL. */
export default async function CertifyPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).server_url;
  const initialUrl = typeof raw === "string" ? raw.slice(0, 2048) : "";
  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">Certification for publishers</h1>
      <p className="lead">
        Certification tells agents and their users that the publisher controls the server and that it keeps a good grade. It is reviewed by an
        operator and renewed every year.
      </p>
      <ol className="steps">
        <li>Apply below with the server&apos;s URL, a tier and a contact email.</li>
        <li>Prove you control the server&apos;s origin by serving a token at <code>/.well-known/mcp-trust-verification</code>.</li>
        <li>Pay in the publisher workflow (standard and premium are paid tiers).</li>
        <li>An operator reviews the application. Standard needs a latest grade of C or better, premium B or better.</li>
      </ol>
      <h2>Apply</h2>
      <CertifyForm action={certifyAction} initialUrl={initialUrl} />
    </section>
  );
}
