/** The "My Account" dropdown: Upload, Documents, Profile, Billing, Settings, Documentation, Logout. */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, ChevronDown, CreditCard, FileText, LogOut, Settings, Upload, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { getProfile } from '../../api/account.ts';
import { useAuth } from '../auth/auth-context.ts';
import { displayName } from '../auth/auth-user.ts';

const ITEMS = [
  { to: '/app/upload', label: 'Upload', icon: Upload },
  { to: '/app/documents', label: 'Documents', icon: FileText },
  { to: '/app/profile', label: 'Profile', icon: User },
  { to: '/app/billing', label: 'Billing', icon: CreditCard },
  { to: '/app/settings', label: 'Settings', icon: Settings },
  { to: '/docs', label: 'Documentation', icon: BookOpen },
] as const;

const itemClass = 'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

export function UserMenu() {
  const auth = useAuth();
  const navigate = useNavigate();
  // The stored profile name wins over the sign-in token's, so a name saved on Profile shows at once.
  const profile = useQuery({ queryKey: ['profile'], queryFn: getProfile, retry: false, staleTime: Infinity, enabled: auth.isAuthenticated });
  const name = profile.data?.name || displayName(auth.user);
  return (
    <Menu.Root>
      <Menu.Trigger aria-label={`My Account: ${name}`} className="flex shrink-0 items-center gap-2 rounded-lg py-1.5 pl-1.5 pr-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">{name.charAt(0).toUpperCase()}</span>
        <span className="hidden max-w-[12rem] truncate sm:inline">{name}</span>
        <ChevronDown className="h-4 w-4 text-slate-400" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-[14rem] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <Menu.Label className="px-2.5 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-slate-400">My Account</Menu.Label>
          {auth.user?.email && <div className="truncate px-2.5 pb-2 text-xs text-slate-500">{auth.user.email}</div>}
          <Menu.Separator className="my-1 h-px bg-slate-100" />
          {ITEMS.map(({ to, label, icon: Icon }) => (
            <Menu.Item key={to} className={itemClass} onSelect={() => navigate(to)}>
              <Icon className="h-4 w-4 text-slate-400" />{label}
            </Menu.Item>
          ))}
          <Menu.Separator className="my-1 h-px bg-slate-100" />
          <Menu.Item className={itemClass} onSelect={() => void auth.logout()}>
            <LogOut className="h-4 w-4 text-slate-400" />Logout
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
