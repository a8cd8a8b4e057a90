/** A wallet as people read it: its name (publisher profile or site, lib/sites/wallet-names.ts) with the short address beside it. */
export function WalletName({ wallet, name }: { wallet: string | null; name?: string | null }) {
  if (!wallet) return <span>—</span>;
  const short = `${wallet.slice(0, 6)}…${wallet.slice(-4)}`;
  return (
    <span className="wallet-name">
      {name && <><span>{name}</span>{" "}</>}
      <code title={wallet} className={name ? "muted" : undefined}>{short}</code>
    </span>
  );
}
