import { describe, expect, it, vi } from 'vitest';
import { MARKETPLACE_STASH_KEY } from '../../config.ts';
import { linkStashed, readStash, stashFromUrl } from './marketplace-flow.ts';

describe('marketplace landing flow', () => {
  it('stashes token and subscription id from the URL with a timestamp', () => {
    stashFromUrl('?token=abc&subscriptionId=sub-1', 1234);
    expect(JSON.parse(sessionStorage.getItem(MARKETPLACE_STASH_KEY)!)).toEqual({ token: 'abc', subscriptionId: 'sub-1', timestamp: 1234 });
    stashFromUrl('?other=1');
    expect(readStash()?.subscriptionId).toBe('sub-1');
  });

  it('links a stored subscription id directly', async () => {
    const deps = { link: vi.fn(async () => true), resolve: vi.fn() };
    await expect(linkStashed({ token: 'abc', subscriptionId: 'sub-1', timestamp: 0 }, deps)).resolves.toEqual({ ok: true, subscriptionId: 'sub-1' });
    expect(deps.resolve).not.toHaveBeenCalled();
  });

  it('resolves a token first, then links the resolved id', async () => {
    const deps = { link: vi.fn(async () => true), resolve: vi.fn(async () => ({ id: 'sub-9' })) };
    await expect(linkStashed({ token: 'abc', subscriptionId: null, timestamp: 0 }, deps)).resolves.toEqual({ ok: true, subscriptionId: 'sub-9' });
    expect(deps.link).toHaveBeenCalledWith('sub-9');
  });

  it('reports the spec errors', async () => {
    const no = { link: async () => false, resolve: async () => null };
    await expect(linkStashed(null, no)).resolves.toEqual({ ok: false, error: 'No Azure Marketplace subscription data found' });
    await expect(linkStashed({ token: 't', subscriptionId: null, timestamp: 0 }, no)).resolves.toEqual({ ok: false, error: 'Failed to resolve marketplace token. Please contact support.' });
    await expect(linkStashed({ token: null, subscriptionId: 's', timestamp: 0 }, no)).resolves.toEqual({ ok: false, error: 'Failed to link Azure subscription. Please try again.' });
    const boom = { link: async () => { throw new Error('x'); }, resolve: async () => null };
    await expect(linkStashed({ token: null, subscriptionId: 's', timestamp: 0 }, boom)).resolves.toEqual({ ok: false, error: 'An error occurred while linking your subscription.' });
  });
});
