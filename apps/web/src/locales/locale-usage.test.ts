import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * A static check of the web sources against the locale files (issue 7): every key the code names
 * exists in English and in Swahili, and no text a visitor can see is written into a component
 * instead of coming from t(). It parses the sources with the TypeScript compiler (no type
 * checking, so it stays fast) and walks the syntax tree.
 */

const SRC = join(import.meta.dirname, '..');
const LOCALES_DIR = import.meta.dirname;
const LANGUAGES = ['en', 'sw'] as const;
// Read from the folder rather than imported from lib/i18n, so the test loads no app code.
const ALL_NAMESPACES: readonly string[] = readdirSync(join(LOCALES_DIR, 'en'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));
const DEFAULT_NAMESPACE = 'common';

/**
 * t() calls whose key the test cannot read from the source (a variable, not a literal or a
 * template). Each names where its keys are written instead: every string literal of the file that
 * matches `keys` must then exist in both languages.
 */
const DYNAMIC_KEYS: {
  file: string;
  call: string;
  namespace: string;
  keys: RegExp;
  reason: string;
}[] = [
  {
    file: 'features/admin/components/admin-nav.tsx',
    call: 't(entry.label)',
    namespace: 'admin',
    keys: /^nav\./,
    reason: 'the labels of ENTRIES, typed TAdminKey',
  },
  {
    file: 'features/admin/components/dashboard-page.tsx',
    call: 't(card.label)',
    namespace: 'admin',
    keys: /^dashboard\./,
    reason: 'the labels of CARDS, typed TAdminKey',
  },
  {
    file: 'features/admin/components/admin-property-page.tsx',
    call: 't(label)',
    namespace: 'admin',
    keys: /^property\.fields\./,
    reason: 'the first item of each DetailRow built by detailRows(), typed TAdminKey',
  },
];

/**
 * Visible text that is rightly not translated. Keyed by file and the exact text; each says why.
 * A TODO(owner) entry is a real hard-coded string left for the engineer who owns the file.
 */
const HARD_CODED_ALLOWED: { file: string; text: string; reason: string }[] = [];

/** Words that read the same in both languages: the brand and the currency code. */
const SAME_IN_EVERY_LANGUAGE = ['Makazi', 'TZS'];

/** Attributes a visitor sees or hears (a screen reader reads the aria ones). */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'helperText',
  'primary',
  'secondary',
  'message',
  'subheader',
  'heading',
  'caption',
  'noOptionsText',
  'loadingText',
]);
/** A component's own text props ('emptyText', 'submitLabel', 'heading') are visible too. */
const VISIBLE_ATTRIBUTE_PATTERN = /(Text|Label|Title|Heading|Message|Caption|Description)$/;
/** Technical attributes, never shown, even when their name looks like a visible one. */
const TECHNICAL_ATTRIBUTES = new Set([
  'className',
  'data-testid',
  'id',
  'href',
  'to',
  'type',
  'role',
  'name',
  'autoComplete',
  'inputMode',
  'lang',
  'htmlFor',
  'key',
  'aria-labelledby',
  'aria-describedby',
]);

// ---------------------------------------------------------------------------------------------
// The locale files

type Catalogue = Map<string, Set<string>>; // namespace -> dotted keys

function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

function loadCatalogue(language: string): Catalogue {
  const catalogue: Catalogue = new Map();
  for (const namespace of ALL_NAMESPACES) {
    const json: unknown = JSON.parse(
      readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'),
    );
    catalogue.set(namespace, new Set(leaves(json)));
  }
  return catalogue;
}

const catalogues = Object.fromEntries(LANGUAGES.map((lng) => [lng, loadCatalogue(lng)])) as Record<
  (typeof LANGUAGES)[number],
  Catalogue
>;

const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

function hasKey(keys: Set<string>, key: string, plural: boolean): boolean {
  if (plural && keys.has(`${key}_one`) && keys.has(`${key}_other`)) return true;
  return keys.has(key);
}

// ---------------------------------------------------------------------------------------------
// The sources

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.(test|spec)\.tsx?$/.test(entry.name)) return [];
    if (entry.name.endsWith('.d.ts')) return [];
    return [path];
  });
}

interface KeyUse {
  where: string; // file:line
  namespace: string;
  /** A literal key, or a pattern when the key is a template with ${}. */
  key: string | RegExp;
  plural: boolean;
}

interface DynamicUse {
  where: string;
  file: string;
  call: string;
}

interface HardCoded {
  where: string;
  file: string;
  text: string;
}

interface Scan {
  uses: KeyUse[];
  dynamic: DynamicUse[];
  unresolved: string[];
  hardCoded: HardCoded[];
  /** String literals per file, for the dynamic keys and the unused-key report. */
  literals: Map<string, Set<string>>;
}

function stringValue(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** The namespace a translator comes from: useTranslation('ns'), useAdminText(), or null. */
function translatorNamespace(call: ts.Expression): string | null {
  const node = unwrap(call);
  if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return null;
  if (node.expression.text === 'useAdminText') return 'admin';
  if (node.expression.text !== 'useTranslation') return null;
  const [first] = node.arguments;
  if (!first) return DEFAULT_NAMESPACE;
  const arg = unwrap(first);
  if (ts.isArrayLiteralExpression(arg)) {
    const [head] = arg.elements;
    return (head && stringValue(head)) ?? DEFAULT_NAMESPACE;
  }
  return stringValue(arg) ?? DEFAULT_NAMESPACE;
}

/** A parameter typed as a translator: `t: ReturnType<typeof useAdminText>['t']`, TFunction<'ns'>. */
function parameterNamespace(type: ts.TypeNode | undefined, file: ts.SourceFile): string | null {
  if (!type) return null;
  const text = type.getText(file);
  if (/\buseAdminText\b/.test(text)) return 'admin';
  const tFunction = /\bTFunction(?:<\s*['"]([\w-]+)['"])?/.exec(text);
  if (tFunction) return tFunction[1] ?? DEFAULT_NAMESPACE;
  const hook = /typeof useTranslation<\s*['"]([\w-]+)['"]/.exec(text);
  return hook?.[1] ?? null;
}

function isScope(node: ts.Node): boolean {
  return ts.isBlock(node) || ts.isSourceFile(node) || ts.isFunctionLike(node);
}

function nearestScope(node: ts.Node): ts.Node {
  let current = node.parent;
  while (!isScope(current)) current = current.parent;
  return current;
}

/** Which identifiers are translators in which scope, and their namespace. */
function collectTranslators(file: ts.SourceFile): Map<ts.Node, Map<string, string>> {
  const scopes = new Map<ts.Node, Map<string, string>>();
  const bind = (scope: ts.Node, name: string, namespace: string) => {
    const names = scopes.get(scope) ?? new Map<string, string>();
    names.set(name, namespace);
    scopes.set(scope, names);
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const namespace = translatorNamespace(node.initializer);
      // const text = useAdminText(); … text.t('key')
      if (namespace && ts.isIdentifier(node.name))
        bind(nearestScope(node), `${node.name.text}.t`, namespace);
      if (namespace && ts.isObjectBindingPattern(node.name)) {
        for (const element of node.name.elements) {
          const property = element.propertyName ?? element.name;
          if (ts.isIdentifier(property) && property.text === 't' && ts.isIdentifier(element.name)) {
            bind(nearestScope(node), element.name.text, namespace);
          }
        }
      }
    }
    if (ts.isParameter(node) && ts.isIdentifier(node.name)) {
      const namespace = parameterNamespace(node.type, file);
      if (namespace) bind(node.parent, node.name.text, namespace);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return scopes;
}

function resolveTranslator(
  scopes: Map<ts.Node, Map<string, string>>,
  call: ts.CallExpression,
  name: string,
): string | undefined {
  for (let node: ts.Node | undefined = call; node; node = node.parent) {
    const namespace = scopes.get(node)?.get(name);
    if (namespace) return namespace;
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The keys one key argument can be: literals, templates as patterns, both sides of a ?:. */
function keyCandidates(node: ts.Expression): (string | RegExp)[] | null {
  const arg = unwrap(node);
  const literal = stringValue(arg);
  if (literal !== undefined) return [literal];
  if (ts.isTemplateExpression(arg)) {
    const parts = [escapeRegExp(arg.head.text)];
    for (const span of arg.templateSpans) parts.push('[^.]+', escapeRegExp(span.literal.text));
    // A template made only of ${} could be any key: that needs an allow-list entry.
    if (arg.head.text === '' && arg.templateSpans.every((span) => span.literal.text === '')) {
      return null;
    }
    return [new RegExp(`^${parts.join('')}$`)];
  }
  if (ts.isConditionalExpression(arg)) {
    const whenTrue = keyCandidates(arg.whenTrue);
    const whenFalse = keyCandidates(arg.whenFalse);
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  return null;
}

/** The literal pieces of an expression that end up on screen as they are written. */
function shownText(node: ts.Expression): string[] {
  const expr = unwrap(node);
  const literal = stringValue(expr);
  if (literal !== undefined) return [literal];
  if (ts.isTemplateExpression(expr)) {
    return [expr.head.text, ...expr.templateSpans.map((span) => span.literal.text)];
  }
  if (ts.isConditionalExpression(expr)) {
    return [...shownText(expr.whenTrue), ...shownText(expr.whenFalse)];
  }
  if (ts.isBinaryExpression(expr)) {
    const operator = expr.operatorToken.kind;
    if (
      operator === ts.SyntaxKind.PlusToken ||
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.QuestionQuestionToken
    ) {
      return [...shownText(expr.left), ...shownText(expr.right)];
    }
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return shownText(expr.right);
  }
  return [];
}

const SAME_WORDS = new RegExp(`\\b(${SAME_IN_EVERY_LANGUAGE.map(escapeRegExp).join('|')})\\b`, 'g');

/** Text with a letter in it, once the brand and currency words are taken out. */
function isWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(SAME_WORDS, ''));
}

function isVisibleAttribute(name: string): boolean {
  if (TECHNICAL_ATTRIBUTES.has(name)) return false;
  return VISIBLE_ATTRIBUTES.has(name) || VISIBLE_ATTRIBUTE_PATTERN.test(name);
}

function scanFile(path: string, scan: Scan): void {
  const file = relative(SRC, path).split('\\').join('/');
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const translators = collectTranslators(source);
  const literals = new Set<string>();
  scan.literals.set(file, literals);
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const hardCoded = (node: ts.Node, pieces: string[]) => {
    const shown = pieces.join('…').trim();
    if (isWords(shown)) scan.hardCoded.push({ where: where(node), file, text: shown });
  };

  const visitCall = (node: ts.CallExpression) => {
    const callee = node.expression;
    let name: string;
    if (ts.isIdentifier(callee)) name = callee.text;
    else if (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.name.text === 't'
    ) {
      name = `${callee.expression.text}.t`;
    } else return;
    const resolved = resolveTranslator(translators, node, name);
    if (!resolved) {
      if (name === 't') scan.unresolved.push(`${where(node)}: t() of an unknown namespace`);
      return;
    }
    const [keyArg, options] = node.arguments;
    if (!keyArg) return;
    let namespace = resolved;
    let plural = false;
    if (options && ts.isObjectLiteralExpression(unwrap(options))) {
      for (const property of (unwrap(options) as ts.ObjectLiteralExpression).properties) {
        const propertyName =
          property.name && ts.isIdentifier(property.name) ? property.name.text : '';
        if (propertyName === 'count') plural = true;
        if (!ts.isPropertyAssignment(property)) continue;
        const value = stringValue(property.initializer);
        if (propertyName === 'ns' && value) namespace = value;
        else if (!['ns', 'context', 'lng', 'keyPrefix'].includes(propertyName)) {
          // Interpolated values are shown too: t('x', { label: 'Hard coded' }).
          hardCoded(property.initializer, shownText(property.initializer));
        }
      }
    }
    const candidates = keyCandidates(keyArg);
    if (!candidates) {
      scan.dynamic.push({ where: where(node), file, call: node.getText(source) });
      return;
    }
    for (const candidate of candidates) {
      let key = candidate;
      let keyNamespace = namespace;
      if (typeof key === 'string' && key.includes(':')) {
        const [prefix, rest] = key.split(/:(.*)/s) as [string, string];
        if (ALL_NAMESPACES.includes(prefix)) [keyNamespace, key] = [prefix, rest];
      }
      scan.uses.push({ where: where(node), namespace: keyNamespace, key, plural });
    }
  };

  const visit = (node: ts.Node) => {
    const literal = stringValue(node);
    if (literal !== undefined) literals.add(literal);
    if (ts.isCallExpression(node)) visitCall(node);
    if (ts.isJsxText(node)) hardCoded(node, [node.text]);
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      hardCoded(node, shownText(node.expression));
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      if (name === 'i18nKey' && node.initializer) {
        const key = stringValue(node.initializer);
        const ns = ts.isJsxAttributes(node.parent)
          ? node.parent.properties.find(
              (attribute) =>
                ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'ns',
            )
          : undefined;
        const namespace =
          (ns && ts.isJsxAttribute(ns) && ns.initializer && stringValue(ns.initializer)) ||
          DEFAULT_NAMESPACE;
        if (key) scan.uses.push({ where: where(node), namespace, key, plural: false });
      } else if (isVisibleAttribute(name) && node.initializer) {
        const value = node.initializer;
        if (ts.isStringLiteral(value)) hardCoded(node, [value.text]);
        else if (ts.isJsxExpression(value) && value.expression) {
          hardCoded(node, shownText(value.expression));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function scanSources(): Scan {
  const scan: Scan = { uses: [], dynamic: [], unresolved: [], hardCoded: [], literals: new Map() };
  for (const path of sourceFiles(SRC)) scanFile(path, scan);
  return scan;
}

const scan = scanSources();

function keysMatching(namespace: string, language: (typeof LANGUAGES)[number], key: RegExp) {
  const keys = catalogues[language].get(namespace) ?? new Set<string>();
  const stripped = [...keys].map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ''));
  return stripped.filter((k) => key.test(k));
}

describe('the keys the web sources use', () => {
  it('finds the t() calls (the scan works)', () => {
    expect(scan.uses.length).toBeGreaterThan(300);
  });

  it('come from namespaces lib/i18n registers (first visit or lazy)', () => {
    const registry = readFileSync(join(SRC, 'lib', 'i18n.ts'), 'utf8');
    const registered = [...registry.matchAll(/NAMESPACES = \[([^\]]*)\]/g)].flatMap((match) =>
      [...(match[1] ?? '').matchAll(/'([\w-]+)'/g)].map((name) => name[1]),
    );
    expect([...registered].sort()).toEqual([...ALL_NAMESPACES].sort());
  });

  it('knows the namespace of every t()', () => {
    expect(scan.unresolved).toEqual([]);
  });

  it('exist in English and in Swahili', () => {
    const missing: string[] = [];
    for (const use of scan.uses) {
      for (const language of LANGUAGES) {
        const keys = catalogues[language].get(use.namespace);
        if (!keys) {
          missing.push(`${use.where} → unknown namespace '${use.namespace}' → ${language}`);
        } else if (typeof use.key === 'string') {
          if (!hasKey(keys, use.key, use.plural)) {
            const shown = use.plural ? `${use.key}(_one/_other)` : use.key;
            missing.push(`${use.where} → ${use.namespace}:${shown} → ${language}`);
          }
        } else if (keysMatching(use.namespace, language, use.key).length === 0) {
          missing.push(`${use.where} → ${use.namespace}:${use.key.source} → ${language}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('name every key that is not in the source in the allow-list, and those keys exist', () => {
    const unlisted = scan.dynamic
      .filter(
        (use) => !DYNAMIC_KEYS.some((entry) => entry.file === use.file && entry.call === use.call),
      )
      .map((use) => `${use.where} → ${use.call}: the key is not a literal; add it to DYNAMIC_KEYS`);
    expect(unlisted).toEqual([]);

    const missing: string[] = [];
    for (const entry of DYNAMIC_KEYS) {
      const literals = [...(scan.literals.get(entry.file) ?? [])].filter((s) => entry.keys.test(s));
      if (literals.length === 0)
        missing.push(`${entry.file} → no key matches ${entry.keys.source}`);
      const { namespace } = entry;
      for (const key of literals) {
        for (const language of LANGUAGES) {
          if (!catalogues[language].get(namespace)?.has(key)) {
            missing.push(`${entry.file} → ${namespace}:${key} → ${language}`);
          }
        }
      }
      // A stale entry would hide nothing, but would mislead the reader.
      if (!scan.dynamic.some((use) => use.file === entry.file && use.call === entry.call)) {
        missing.push(`${entry.file} → ${entry.call} is no longer in the file; drop the entry`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('holds no key that no source uses', () => {
    const unused: string[] = [];
    const allLiterals = new Set([...scan.literals.values()].flatMap((set) => [...set]));
    for (const namespace of ALL_NAMESPACES) {
      const keys = [...(catalogues.en.get(namespace) ?? [])];
      const bases = new Set(
        keys.map((key) => {
          const suffix = PLURAL_SUFFIXES.find((s) => key.endsWith(s));
          return suffix ? key.slice(0, -suffix.length) : key;
        }),
      );
      for (const key of bases) {
        const used = scan.uses.some(
          (use) =>
            use.namespace === namespace &&
            (typeof use.key === 'string' ? use.key === key : use.key.test(key)),
        );
        if (!used && !allLiterals.has(key) && !allLiterals.has(`${namespace}:${key}`)) {
          unused.push(`${namespace}:${key}`);
        }
      }
    }
    // A key nothing shows is a translation someone keeps up for nothing: drop it from both files.
    expect(unused).toEqual([]);
  });
});

describe('the text the web sources show', () => {
  it('comes from the locale files, not from the components', () => {
    const found = scan.hardCoded
      .filter(
        (hit) =>
          !HARD_CODED_ALLOWED.some((entry) => entry.file === hit.file && entry.text === hit.text),
      )
      .map((hit) => `${hit.where} → "${hit.text}"`);
    expect(found).toEqual([]);
  });

  it('keeps no allow-list entry that no longer matches anything', () => {
    const stale = HARD_CODED_ALLOWED.filter(
      (entry) => !scan.hardCoded.some((hit) => hit.file === entry.file && hit.text === entry.text),
    ).map((entry) => `${entry.file} → "${entry.text}"`);
    expect(stale).toEqual([]);
  });
});
