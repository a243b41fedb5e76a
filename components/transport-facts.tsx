import type { ServerReport } from "@/lib/core/registry/get-server-report";
import { formatDate } from "@/lib/site/format-time";
import { Untrusted } from "./untrusted-text";

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** How the scanner reached the server: transport, protocol, addresses, redirects and TLS, as plain facts. */
export function TransportFacts({ report, transportType }: { report: ServerReport | null; transportType: string }) {
  const network = report?.network ?? null;
  const discovery = report?.discovery ?? null;
  const tls = network?.tls ?? null;
  return (
    <dl className="facts">
      <Row term="Transport">{discovery?.transport === "sse" ? "HTTP+SSE (legacy)" : discovery?.transport === "streamable-http" ? "Streamable HTTP" : transportType}</Row>
      {discovery?.protocolVersion ? (
        <Row term="MCP protocol">
          <code>
            <Untrusted text={discovery.protocolVersion} max={40} />
          </code>
        </Row>
      ) : null}
      {discovery?.serverInfo ? (
        <Row term="Server software">
          <Untrusted text={discovery.serverInfo.name} max={80} />
          {discovery.serverInfo.version ? (
            <>
              {" "}
              <Untrusted text={discovery.serverInfo.version} max={40} />
            </>
          ) : null}
        </Row>
      ) : null}
      {network ? (
        <>
          <Row term="Scheme">{network.scheme === "https" ? "HTTPS" : "HTTP (unencrypted)"}</Row>
          <Row term="Resolved addresses">{network.resolvedAddresses.length ? network.resolvedAddresses.join(", ") : "none recorded"}</Row>
          <Row term="Redirects">
            {network.redirectChain.length === 0 ? (
              "none"
            ) : (
              <ol className="plain-list">
                {network.redirectChain.map((hop, i) => (
                  <li key={i}>
                    {hop.status} →{" "}
                    <code>
                      <Untrusted text={hop.url} max={200} />
                    </code>
                  </li>
                ))}
              </ol>
            )}
          </Row>
          <Row term="TLS">
            {tls ? (
              <>
                {tls.protocol ?? "unknown protocol"}
                {tls.cipher ? `, ${tls.cipher}` : ""}
                {tls.authorized ? ", certificate valid" : `, certificate not trusted${tls.authorizationError ? ` (${tls.authorizationError})` : ""}`}
                {tls.expired ? ", expired" : ""}
                {tls.selfSigned ? ", self-signed" : ""}
              </>
            ) : (
              "none: the connection is not encrypted"
            )}
          </Row>
          {tls ? (
            <>
              <Row term="Certificate">
                Subject <Untrusted text={tls.subject ?? "unknown"} max={120} />, issuer <Untrusted text={tls.issuer ?? "unknown"} max={120} />
                {tls.validTo ? `, valid until ${formatDate(tls.validTo)}` : ""}
              </Row>
              <Row term="HSTS">
                {tls.hsts ? `max-age ${tls.hsts.maxAge}${tls.hsts.includeSubDomains ? ", includeSubDomains" : ""}${tls.hsts.preload ? ", preload" : ""}` : "not sent"}
              </Row>
            </>
          ) : null}
        </>
      ) : (
        <Row term="Network">No network evidence recorded.</Row>
      )}
    </dl>
  );
}
