import { errorResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

/** Unknown discovery paths answer JSON, like the documents beside them (clients probing /.well-known read JSON). */
const notFound = async () => errorResponse("not_found", "There is no such document under /.well-known.");
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
