import { z } from "zod";
import { health } from "@/lib/hub/health";
import { defineTool } from "../define-tool";

export const getHubStatus = defineTool({
  name: "get_hub_status",
  title: "Hub status",
  description:
    "The hub's network mode (testnet or mainnet), the chain id to pay on, the USDC token (address, EIP-712 name and version, decimals) and whether the database and chain answer. Call it first to know which network your signer must use.",
  input: z.object({}),
  run: () => health(),
});
