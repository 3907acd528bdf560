// The committed build is what the pinned compiler makes of the committed source, byte for byte:
// a contract edited without `pnpm --filter @prelaunch/contracts build` fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { artifactPath, compile, goCopyPath } from '../scripts/build.mjs';

test('build/PrelaunchToken.json is the compiled PrelaunchToken.sol', () => {
  const committed = readFileSync(artifactPath, 'utf8');
  const fresh = compile();
  assert.equal(fresh, committed, 'run `pnpm --filter @prelaunch/contracts build` and commit contracts/build');
  assert.equal(readFileSync(goCopyPath, 'utf8'), committed, 'core/infra/chain/PrelaunchToken.json is the same build');
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  assert.ok(JSON.parse(committed).solcVersion.startsWith(pkg.devDependencies.solc + '+'), 'solcVersion matches the pinned solc');
});
