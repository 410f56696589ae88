export function DocsPage() { return <div>DocsPage</div>; }
