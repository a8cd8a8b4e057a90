// Demo data for a newcomer's hub: verified creator sites, content of every type with prices, and
// funded demo payer wallets (printed with their anvil keys). Idempotent: a second run changes nothing.
import { createDb } from "../lib/db-core";
import { trendIncrement } from "../lib/explore/trend-score";
import { buildSearchText } from "../lib/sites/search-text";
import { newSecretColumns, newSiteKey } from "../lib/sites/site-secret";
import { devAccount, DEV_ROLES } from "./lib/dev-accounts.mjs";
import { fundWallets } from "./lib/deploy.mjs";

const env = process.env;
const network = env.NETWORK_MODE ?? "testnet";
const db = createDb(env.DATABASE_URL!);
const usdc = (n: string) => BigInt(Math.round(Number(n) * 1e6)); // seed prices are short literals; exact

const creators = DEV_ROLES.creators.map(devAccount);
const SITES = [
  {
    domain: "quiet-letters.example", name: "Quiet Letters", description: "Essays on slow software and long walks.", creator: creators[0]!,
    content: [
      { externalId: "essay-slow-software", type: "article", title: "The case for slow software", price: "0.05", tags: "software,essay" },
      { externalId: "walks-atlas", type: "document", title: "An atlas of city walks (PDF)", price: "0.25", tags: "travel,maps" },
    ],
  },
  {
    domain: "lofi-harbor.example", name: "Lofi Harbor", description: "Beats to write code to.", creator: creators[1]!,
    content: [
      { externalId: "harbor-nights", type: "music", title: "Harbor Nights (full album)", price: "1.00", tags: "music,lofi" },
      { externalId: "studio-session-3", type: "video", title: "Studio session #3", price: "0.50", tags: "video,studio" },
      { externalId: "liner-notes", type: "article", title: "Liner notes: how Harbor Nights was made", price: "0.01", tags: "music,process" },
    ],
  },
  {
    domain: "pixel-press.example", name: "Pixel Press", description: "Illustrations and printable zines.", creator: creators[2]!,
    content: [
      { externalId: "tidepool-print", type: "image", title: "Tidepool — high-resolution print", price: "0.75", tags: "art,print" },
      { externalId: "zine-issue-1", type: "document", title: "Pixel zine, issue 1", price: "0.10", tags: "zine,art" },
      { externalId: "sketchbook-tour", type: "video", title: "Sketchbook tour", price: "0.02", tags: "art,video" },
    ],
  },
];

async function main() {
  for (const site of SITES) {
    const wallet = site.creator.address;
    await db.owner.upsert({ where: { wallet }, create: { wallet }, update: {} });
    const row = await db.site.upsert({
      where: { domain: site.domain },
      create: {
        domain: site.domain, name: site.name, description: site.description, ownerWallet: wallet,
        siteKey: newSiteKey(), ...newSecretColumns().data, verified: true, verificationStatus: "verified",
        verificationSource: "owner-link", lastVerifiedAt: new Date(),
      },
      update: {},
    });
    await db.siteOwnerWallet.upsert({
      where: { siteId_wallet: { siteId: row.id, wallet } },
      create: { siteId: row.id, wallet },
      update: {},
    });
    for (const c of site.content) {
      const path = `/${c.type}/${c.externalId}`;
      const description = `${c.title} by ${site.name}.`;
      await db.content.upsert({
        where: { network_siteId_externalId: { network, siteId: row.id, externalId: c.externalId } },
        create: {
          network, siteId: row.id, externalId: c.externalId, title: c.title, description,
          contentType: c.type, tags: c.tags, url: `https://${site.domain}${path}`, path, currency: "USDC",
          priceAtomic: usdc(c.price), recipientWallet: wallet, accessPolicy: "paid", unlockPolicy: "one_time",
          searchText: buildSearchText({ title: c.title, description, tags: c.tags, siteName: site.name, domain: site.domain }),
          trendScore: trendIncrement({ created: true }),
        },
        update: {},
      });
    }
  }

  const payers = DEV_ROLES.payers.map(devAccount);
  if (env.SEED_SKIP_FUNDING !== "1") {
    await fundWallets({
      rpcUrl: env.RPC_URL!,
      wallets: payers.map((p) => ({ address: p.address, privateKey: p.privateKey, usdc: 100_000_000n, gatewayDeposit: 20_000_000n })),
    });
  }
  console.log("\nDemo payer wallets (anvil dev keys, local chain only; the browser wallet list offers the first as Demo reader):");
  for (const p of payers) console.log(`  ${p.address}  key ${p.privateKey}  100 USDC + 20 USDC in the Gateway Wallet`);
  console.log(`Demo creators: ${creators.map((c) => c.address).join(", ")}`);
  await db.$disconnect();
}

main().catch(async (err) => {
  console.error(err);
  await db.$disconnect();
  process.exit(1);
});
