import { errorResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

/** Unknown /api/v1 paths answer JSON, like every other API reply. */
const notFound = async () => errorResponse("not_found", "There is no such endpoint under /api/v1.");
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
