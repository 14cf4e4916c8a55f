// The zod-free address table and the routes with their schemas describe the same calls.
import { describe, expect, it } from 'vitest';
import { ADDRESSES } from './addresses';
import { routes } from './index';

describe('ADDRESSES', () => {
  it('names exactly the calls of the route table, each with its own address and access', () => {
    expect(Object.keys(ADDRESSES).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, route] of Object.entries(routes)) {
      const { request: _request, data: _data, ...address } = route;
      expect(address, name).toEqual(ADDRESSES[name as keyof typeof ADDRESSES]);
    }
  });

  it('gives every call its own path', () => {
    const paths = Object.values(ADDRESSES).map(({ path }) => path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
