import { readOnly } from "@/lib/http/subregistry-route";

export const dynamic = "force-dynamic";

/** The official API's optional publish endpoint: this registry imports from the official one instead. */
const notAllowed = readOnly("Publishing", "");
export { notAllowed as POST, notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
