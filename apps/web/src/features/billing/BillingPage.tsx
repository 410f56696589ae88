export function BillingPage() { return <div>BillingPage</div>; }
