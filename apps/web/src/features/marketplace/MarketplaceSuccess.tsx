export function MarketplaceSuccess() { return <div>MarketplaceSuccess</div>; }
