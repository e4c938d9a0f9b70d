// The lint rule that keeps the areas of functions/src importing only downward, in the order functions/areas.js gives.
// It reads every relative import (static, re-export, dynamic; types too, since they couple the areas all the same) of a
// file under functions/src, and reports one that reaches an area of the same or a higher layer.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaLayers } from '../functions/areas.js';

const sourceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'functions', 'src');
const layerOf = new Map(areaLayers.flatMap((areas, layer) => areas.map((area) => [area, layer])));

/** The area of a path under functions/src (its first folder), '' for a file directly in it, undefined outside. */
function areaOf(path) {
  const inside = relative(sourceRoot, path);
  if (inside.startsWith('..') || inside === '') return undefined;
  const parts = inside.split(sep);
  return parts.length > 1 ? parts[0] : '';
}

/** @type {import('eslint').Rule.RuleModule} */
export const areaLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Areas of functions/src import only areas of lower layers (functions/areas.js).' },
    schema: [],
    messages: {
      upward: "'{{from}}' may not import '{{to}}': {{to}} is {{where}} in functions/areas.js. Move the shared code down, or the caller up.",
      unknown: "Area '{{area}}' is not in functions/areas.js: add it to the lowest layer above everything it imports.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = areaOf(file);
    if (from === undefined || from === '') return {};

    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = areaOf(resolve(dirname(file), specifier));
      if (to === undefined || to === '' || to === from) return;
      if (!layerOf.has(from)) return context.report({ node, messageId: 'unknown', data: { area: from } });
      if (!layerOf.has(to)) return context.report({ node, messageId: 'unknown', data: { area: to } });
      const [mine, theirs] = [layerOf.get(from), layerOf.get(to)];
      if (theirs < mine) return;
      context.report({ node, messageId: 'upward', data: { from, to, where: theirs === mine ? 'in the same layer' : 'in a higher layer' } });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
