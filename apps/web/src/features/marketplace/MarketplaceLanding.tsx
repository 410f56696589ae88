export function MarketplaceLanding() { return <div>MarketplaceLanding</div>; }
