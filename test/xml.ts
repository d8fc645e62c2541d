/**
 * A small XML well-formedness check for the tests (no XML parser is a dependency): every tag closed
 * in order, attributes quoted and unique, text and attributes with only known entities and no bare
 * `<` or `&` (a `>` in text is well-formed XML). Returns the problems found; none for a well-formed document.
 */
export function xmlProblems(text: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const tokens = text.split(/(<[^>]*>)/);
  const entities = /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  for (const token of tokens) {
    if (!token.startsWith('<')) {
      if (token.includes('<')) problems.push(`bare < in text: ${token.slice(0, 40)}`);
      if (entities.test(token)) problems.push(`bare & in text: ${token.slice(0, 40)}`);
      continue;
    }
    if (token.startsWith('<?') || token.startsWith('<!')) continue;
    const tag = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
    if (!tag) {
      problems.push(`malformed tag: ${token.slice(0, 60)}`);
      continue;
    }
    const [, closing, name, attributes = '', selfClosing] = tag;
    const names = [...attributes.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((m) => {
      if (entities.test(m[2] ?? '')) problems.push(`bare & in attribute ${m[1]} of <${name}>`);
      return m[1];
    });
    if (new Set(names).size !== names.length) problems.push(`repeated attribute in <${name}>`);
    if (closing) {
      const expected = open.pop();
      if (expected !== name) problems.push(`</${name}> closes <${expected ?? 'nothing'}>`);
    } else if (!selfClosing) open.push(name as string);
  }
  if (open.length > 0) problems.push(`never closed: ${open.join(', ')}`);
  if (tokens.filter((t) => t.startsWith('<') && !t.startsWith('<?') && !t.startsWith('<!')).length === 0)
    problems.push('no element at all');
  return problems;
}
