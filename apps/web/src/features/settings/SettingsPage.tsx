export function SettingsPage() { return <div>SettingsPage</div>; }
