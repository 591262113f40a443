// Reads one test layer's output on stdin and prints "PASSED FAILED" (test cases) for scripts/test.sh.
import { text } from 'node:stream/consumers';

const out = await text(process.stdin);
const count = (re) => [...out.matchAll(re)].reduce((sum, m) => sum + Number(m[1]), 0);
// Catch2: "All tests passed (N assertions in M test cases)" or "test cases: M | P passed | F failed"
const catchAll = [...out.matchAll(/All tests passed \(\d+ assertions? in (\d+) test cases?\)/g)];
const catchMixed = [...out.matchAll(/test cases:\s*(\d+)\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed/g)];
// node:test: "ℹ pass N" (spec reporter) or "# pass N" (TAP, when not on a terminal)
let passed = catchAll.reduce((s, m) => s + Number(m[1]), 0) + catchMixed.reduce((s, m) => s + Number(m[2]), 0);
let failed = catchMixed.reduce((s, m) => s + Number(m[3]), 0);
passed += count(/^(?:ℹ|#) pass (\d+)$/gm);
failed += count(/^(?:ℹ|#) fail (\d+)$/gm);
console.log(`${passed} ${failed}`);
