/**
 * What a signed-out visitor of a wallet's page sees: how to get in, and that nothing here is public.
 * `owner` says whose page it is ("The dashboard belongs to a wallet", "This view is for operators' wallets").
 */
export function SignInPrompt({ what, owner = "The dashboard belongs to a wallet." }: { what: string; owner?: string }) {
  return (
    <section className="empty sign-in-prompt" aria-labelledby="signin-h">
      <h2 id="signin-h">Sign in to {what}</h2>
      <p>
        {owner} Use <strong>Connect Wallet</strong> at the top of the page, then <strong>Sign in with wallet</strong>:
        your wallet signs a short message (no transaction, no gas) and this page opens.
      </p>
      <p className="small">Agents and scripts: <code>GET /auth/nonce</code>, then <code>POST /auth/verify</code> with the signed EIP-4361 message.</p>
    </section>
  );
}
