export default function HomePage() {
  return (
    <main>
      <h1>MCP Trust Registry</h1>
      <p>Trust scores, grades and findings for MCP servers, from real scans.</p>
    </main>
  );
}
