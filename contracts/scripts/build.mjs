// Compiles PrelaunchToken.sol with the pinned solc (package.json) and writes
// build/PrelaunchToken.json: {solcVersion, abi, bytecode}, and the same bytes to
// core/infra/chain/PrelaunchToken.json, the copy the Go code embeds (go:embed cannot reach outside
// its module). A change to the contract is a rebuild plus a commit of both:
//
//   pnpm --filter @prelaunch/contracts build      (or: node contracts/scripts/build.mjs --write)
//
// Without --write it prints the JSON; test/build.test.mjs compares it with the committed file.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const solc = require('solc');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const artifactPath = join(root, 'build', 'PrelaunchToken.json');
export const goCopyPath = join(root, '..', 'core', 'infra', 'chain', 'PrelaunchToken.json');

function findImport(path) {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `not found: ${path}` };
  }
}

export function compile() {
  const input = {
    language: 'Solidity',
    sources: { 'PrelaunchToken.sol': { content: readFileSync(join(root, 'PrelaunchToken.sol'), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      // No metadata hash: the bytecode then depends on the source and the compiler only, not on
      // the paths of the machine that compiled it.
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { 'PrelaunchToken.sol': { PrelaunchToken: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts['PrelaunchToken.sol'].PrelaunchToken;
  const artifact = { solcVersion: solc.version(), abi: c.abi, bytecode: '0x' + c.evm.bytecode.object };
  return JSON.stringify(artifact, null, 2) + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = compile();
  if (process.argv.includes('--write')) {
    writeFileSync(artifactPath, text);
    writeFileSync(goCopyPath, text);
    console.log(`wrote ${artifactPath} and ${goCopyPath}`);
  } else {
    process.stdout.write(text);
  }
}
