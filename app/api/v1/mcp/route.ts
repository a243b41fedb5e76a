import { handleMcpRequest, jsonRpcErrorResponse } from "@/lib/mcp/handle-mcp-request";
import { responseForError } from "@/lib/http/responses";
import { appServices } from "@/lib/services/app-services";

export const dynamic = "force-dynamic";
// scan_server may take up to its deadline (20 s by default) before it answers.
export const maxDuration = 60;

/** The MCP tool interface (README.md#mcp-endpoint): stateless Streamable HTTP, JSON replies. */
export async function POST(request: Request): Promise<Response> {
  try {
    return await handleMcpRequest(request, await appServices());
  } catch (error) {
    return responseForError(error);
  }
}

// Stateless: no server-initiated stream to GET and no session to DELETE. 405 is what the
// Streamable HTTP spec prescribes, and what tells clients not to wait for a stream.
const notAllowed = async () => jsonRpcErrorResponse(405, "Method not allowed: this endpoint is stateless; send JSON-RPC with POST.", { allow: "POST" });
export { notAllowed as GET, notAllowed as DELETE, notAllowed as PUT, notAllowed as PATCH };
