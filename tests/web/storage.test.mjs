// web/storage.js: where reading localStorage throws (a cross-site frame with third-party storage blocked,
// site data blocked), the pages get a store for the visit that never throws, and say so (persistent: false).
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('a localStorage that throws on read gives a store for the visit, and the learner seed holds for the visit', async () => {
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError');
    },
  });
  try {
    const { siteStorage } = await import('../../web/storage.js');
    const { learnerSeed } = await import('../../web/order.js');
    const store = siteStorage();
    assert.equal(store.persistent, false);
    assert.equal(store.getItem('k'), null);
    assert.equal(store.setItem('k', 1), true);
    assert.equal(store.getItem('k'), '1');
    assert.equal(siteStorage(), store, 'probed once');
    const seed = learnerSeed(); // reads the site storage: before, a default parameter read localStorage
    assert.equal(learnerSeed(), seed, 'the same option order for the whole visit');
  } finally {
    delete globalThis.localStorage;
  }
});

test('a full storage is still read (records saved earlier are restored); only its writes are refused', async () => {
  const values = new Map([['pelab:learner-seed:v1', '12345']]);
  const full = {
    getItem: (key) => values.get(key) ?? null,
    setItem() {
      throw new DOMException('quota', 'QuotaExceededError');
    },
    removeItem: (key) => values.delete(key),
  };
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => full });
  try {
    const { siteStorage } = await import('../../web/storage.js?full');
    const store = siteStorage();
    assert.equal(store.persistent, true);
    assert.equal(store.getItem('pelab:learner-seed:v1'), '12345');
    assert.equal(store.setItem('k', 'v'), false);
  } finally {
    delete globalThis.localStorage;
  }
});
