import "server-only";
import { getAddress } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { isUniqueViolation } from "@/lib/x402/is-unique-violation";
import type { createBlogBody } from "@/lib/schemas/blog";
import { newSecretColumns, newSiteKey } from "@/lib/sites/site-secret";
import { normalizeDomain } from "@/lib/sites/normalize-domain";
import { blogOrigin } from "./blog-origin";

/**
 * POST /hub/blogs: the session wallet opens a hosted blog. Its domain is `<name>.<BLOG_ROOT_DOMAIN>`
 * (`<name>.localhost` by default, which browsers resolve to this machine) or a custom domain. The
 * site is hosted by this service, so it is verified from the start (source owner-link: the hub is
 * the site) and its owner wallet holds the admin role on the blog.
 */
export async function createBlog({ wallet, input }: { wallet: string; input: z.output<typeof createBlogBody> }) {
  const owner = getAddress(wallet);
  const domain = normalizeDomain(input.domain ?? `${input.name}.${env.BLOG_ROOT_DOMAIN}`);
  if (!domain || domain.split(".").every((l) => /^\d+$/.test(l))) throw new ApiError("invalid-request", "domain: not a host name");
  try {
    const site = await db.$transaction(async (tx) => {
      await tx.owner.upsert({ where: { wallet: owner }, create: { wallet: owner }, update: {} });
      const s = await tx.site.create({
        data: {
          domain, name: input.title ?? input.name, description: input.description ?? "", ownerWallet: owner, siteKey: newSiteKey(), ...newSecretColumns().data,
          verified: true, verificationStatus: "verified", verificationSource: "owner-link", lastVerifiedAt: new Date(),
          hosted: true, blogActive: true, blogName: input.name,
        },
      });
      await tx.siteOwnerWallet.create({ data: { siteId: s.id, wallet: owner, role: "admin" } });
      return s;
    });
    return { success: true as const, siteId: site.id, domain, name: site.name, ownerWallet: owner, origin: blogOrigin(domain) };
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError("conflict", `${domain} is already registered`);
    throw err;
  }
}
