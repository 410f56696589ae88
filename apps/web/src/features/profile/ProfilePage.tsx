export function ProfilePage() { return <div>ProfilePage</div>; }
