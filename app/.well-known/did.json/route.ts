import { route } from "@/lib/http/route";
import { didDocumentOp } from "@/lib/openapi/paths-x402";
import { didDocument } from "@/lib/x402/extensions/offer-receipt";

// GET /.well-known/did.json — the hub's did:web document: the key that signs x402 offers and receipts
export const GET = route(didDocumentOp, () => didDocument());
