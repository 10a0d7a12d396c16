// Prints the text a TypeScript/TSX file shows: every string literal, every
// template literal's text parts and every JSX text, one JSON object per line
// ({"file", "line", "text", "kind", "start", "end"}), as the TypeScript parser
// reads them (escapes decoded, `${…}` expressions left out) and a JSX text as
// it renders (entities decoded, lines trimmed and joined as JSX does; `start`
// and `end` are its offsets in the source). Used by scripts/lint-typography.py.
//
//   node scripts/lib/ts-literals.mjs FILE...
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'web', 'package.json'));
const ts = require('typescript');

// What a JSX text renders: entities decoded; a text spanning lines loses the
// blanks around each line break, its lines joined by one space.
function jsxRendered(raw) {
  const decoded = raw
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#([0-9]+);/g, (_, d) => String.fromCodePoint(parseInt(d, 10)))
    .replace(/&laquo;/g, '«')
    .replace(/&raquo;/g, '»')
    .replace(/&amp;/g, '&');
  if (!decoded.includes('\n')) return decoded;
  const lines = decoded.split('\n');
  return lines
    .map((l, i) => (i === 0 ? l.replace(/[ \t]+$/, '') : i === lines.length - 1 ? l.replace(/^[ \t]+/, '') : l.trim()))
    .filter((l) => l !== '')
    .join(' ');
}

for (const file of process.argv.slice(2)) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const emit = (node, text, kind) => {
    const start = node.getStart(source);
    const line = source.getLineAndCharacterOfPosition(start).line + 1;
    process.stdout.write(JSON.stringify({ file, line, text, kind, start, end: node.getEnd() }) + '\n');
  };
  // Text passed through `fr` (web/src/french.ts) is typeset when it runs, and
  // web/tests/unit.mjs checks what comes out: its literal parts are left out
  // here, the values put in them are still read.
  const typesetByFr = (node) =>
    (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'fr') ||
    (ts.isCallExpression(node) && node.expression.getText(source) === 'fr');
  const visit = (node) => {
    if (typesetByFr(node)) {
      if (ts.isTaggedTemplateExpression(node)) {
        if (ts.isTemplateExpression(node.template)) for (const span of node.template.templateSpans) visit(span.expression);
      } else {
        for (const arg of node.arguments) if (!ts.isStringLiteralLike(arg)) visit(arg);
      }
      return;
    }
    switch (node.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateHead:
      case ts.SyntaxKind.TemplateMiddle:
      case ts.SyntaxKind.TemplateTail:
        emit(node, node.text, 'string');
        break;
      case ts.SyntaxKind.JsxText:
        if (!node.containsOnlyTriviaWhiteSpaces) emit(node, jsxRendered(node.text), 'jsx');
        break;
      default:
        break;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
