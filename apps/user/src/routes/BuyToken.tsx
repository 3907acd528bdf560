import { FALLBACK } from '@prelaunch/api';
import { num, PageLoader, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { priceQueryOptions } from '../features/purchase/api/purchase';
import { BuyTokenForm } from '../features/purchase/components/BuyTokenForm';
import { useSite } from '../features/site/hooks/useSite';

/** SPEC §2 "Buy Token (/user/buy-token)"; the order is created on the server (DESIGN §9). */
export default function BuyToken() {
  const { token } = useSite();
  const price = useQuery(priceQueryOptions());
  useErrorToast(price.error, FALLBACK.tokenPrice);

  if (price.isLoading) return <PageLoader label="Loading token price..." />;

  const p = price.data;
  const symbol = p?.symbol || token.symbol;
  const name = p?.name || token.name;
  const icon = p?.icon_url || token.icon_url;
  if (!symbol) return <p className="pl-panel p-4">Please select a token to proceed.</p>;

  return (
    <div>
      <h1 className="h3 pl-page-title">Buy Token</h1>
      <div className="row g-4">
        <div className="col-lg-7">
          <BuyTokenForm
            name={name}
            symbol={symbol}
            icon={icon}
            unitPrice={num(p?.price)}
            fee={num(p?.platformChargePercent)}
            supply={p?.remainingPrivateSupply}
          />
        </div>
        <div className="col-lg-5">
          <section className="pl-panel p-4 h-100">
            <h2 className="h6 fw-bold">Please note</h2>
            <p className="small text-body-secondary mb-2">
              Purchases depend on market availability. All transactions are final, and the final amount may vary
              slightly.
            </p>
            <p className="small text-body-secondary mb-0">
              After you press BUY NOW your order is reserved for 15 minutes. Pay by bank transfer, UPI or manual
              confirmation and submit your proof of payment; tokens are credited once the company approves it.
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
