/** A profile URL for a server the registry does not list. */
export default function ServerNotFound() {
  return (
    <section className="notice" aria-labelledby="nf-title">
      <h1 id="nf-title">This server is not in the registry</h1>
      <p>
        No server in the registry has that URL or package. <a href="/">Search the registry</a> or <a href="/scan">scan the server</a> to add it.
      </p>
    </section>
  );
}
