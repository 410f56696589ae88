export function CareersPage() { return <div>CareersPage</div>; }
