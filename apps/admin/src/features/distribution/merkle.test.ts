// @vitest-environment node
// The Merkle tree bff-admin serves at /admin/distribution/merkle.json is built in Go
// (core/delivery/merkle.go). This loads the tree its tests write (core/delivery/testdata/merkle.json)
// with OpenZeppelin's own library and checks every leaf verifies against the root, and that the
// library builds the same root from the same values.
import raw from '../../../../../core/delivery/testdata/merkle.json?raw';
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { describe, expect, it } from 'vitest';

const dump = JSON.parse(raw);

describe('merkle.json from Go', () => {
  it('loads as a StandardMerkleTree and verifies every leaf', () => {
    const tree = StandardMerkleTree.load<[string, string]>(dump);
    tree.validate();
    let n = 0;
    for (const [i, value] of tree.entries()) {
      const proof = tree.getProof(i);
      expect(StandardMerkleTree.verify(tree.root, ['address', 'uint256'], value, proof)).toBe(true);
      expect(tree.verify(value, proof)).toBe(true);
      n++;
    }
    expect(n).toBe(dump.values.length);
    expect(n).toBeGreaterThan(1);
  });

  it('is the tree the library builds from the same values', () => {
    const values = dump.values.map((v: { value: [string, string] }) => v.value);
    const tree = StandardMerkleTree.of<[string, string]>(values, ['address', 'uint256']);
    expect(tree.root).toBe(dump.tree[0]);
    expect(tree.dump().tree).toEqual(dump.tree);
    expect(tree.dump().values).toEqual(dump.values);
  });

  it('refuses a changed amount', () => {
    const tree = StandardMerkleTree.load<[string, string]>(dump);
    const [i, [addr, amount]] = [...tree.entries()][0]!;
    const forged: [string, string] = [addr, (BigInt(amount) + 1n).toString()];
    expect(StandardMerkleTree.verify(tree.root, ['address', 'uint256'], forged, tree.getProof(i))).toBe(false);
  });
});
