// The web apps' boundaries (docs/architecture.md, "Web"): a feature (apps/<app>/src/features/<x>/)
// is reached from outside only through its public index (features/<x> or features/<x>/index), and
// a feature never imports the app's layouts. Imports are resolved against the importing file, so
// `../../site/hooks/useSite` from inside features/purchase is caught like
// `../features/site/hooks/useSite` from a route.
import path from 'node:path';

const FEATURE = /^(.*\/apps\/[^/]+\/src\/features)\/([^/]+)(?:\/(.*))?$/;
const LAYOUTS = /\/apps\/[^/]+\/src\/layouts(?:\/|$)/;
const INDEX = /^index(?:\.tsx?)?$/;

/** Where a relative import lands, as an absolute path without extension rules applied. */
function target(file, spec) {
  if (!spec.startsWith('.')) return null;
  return path.resolve(path.dirname(file), spec).split(path.sep).join('/');
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid reaching into another feature's files, and features importing layouts." },
    schema: [],
    messages: {
      internal:
        "'{{spec}}' reaches into the {{feature}} feature's files; import it from the feature's public index ('{{index}}') and export what is needed there.",
      layout: "'{{spec}}' is a layout: a feature does not import layouts (the route puts the feature inside its layout).",
    },
  },
  create(context) {
    const file = (context.filename ?? context.getFilename()).split(path.sep).join('/');
    const own = FEATURE.exec(file);
    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      const to = target(file, spec);
      if (!to) return;
      if (own && LAYOUTS.test(to)) {
        context.report({ node, messageId: 'layout', data: { spec } });
        return;
      }
      const hit = FEATURE.exec(to);
      if (!hit) return;
      const [, root, feature, rest] = hit;
      if (own && own[1] === root && own[2] === feature) return; // inside its own feature: anything goes
      if (!rest || INDEX.test(rest)) return; // the public index
      const index = path.posix.relative(path.posix.dirname(file), `${root}/${feature}`);
      context.report({
        node,
        messageId: 'internal',
        data: { spec, feature, index: index.startsWith('.') ? index : `./${index}` },
      });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'feature-boundaries': rule } };
