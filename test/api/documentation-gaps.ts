/**
 * The house rules for the TSDoc of the public exports, checked on TypeDoc's reflections (what
 * the API reference in docs/api/ is made of). TypeDoc's own validation (`notDocumented`) only
 * asks for some comment; these rules ask for the parts a reader needs:
 *
 * - every export: a summary, and at least one `@example`;
 * - every `@example`: one fenced block with the info string `ts runnable`, a self-contained
 *   ES module that imports from `budgetnorm`, `budgetnorm/node`, `budgetnorm/http` or `budgetnorm/worker` and asserts
 *   with `node:assert/strict` (the docs test runs every such block of docs/**);
 * - functions and methods: `@param` for every parameter, `@returns` unless they return nothing,
 *   and either `@throws` (naming each error and when) or a summary that says "Does not throw";
 *   methods also an `@example`;
 * - constructors: a summary, `@param` for every parameter, and the same `@throws` rule (the
 *   class's example shows them in use);
 * - members of classes and interfaces (properties, accessors): a summary.
 */
import {
  Comment,
  type CommentTag,
  type DeclarationReflection,
  type ProjectReflection,
  ReflectionKind,
  type SignatureReflection,
} from 'typedoc';

/** The fenced block an `@example` must hold. */
const RUNNABLE_BLOCK = /^```ts runnable\n([\s\S]*?)\n```$/m;
const IMPORTS_PACKAGE = /from '(budgetnorm|budgetnorm\/node|budgetnorm\/http|budgetnorm\/worker)'/;
const IMPORTS_ASSERT = /import assert from 'node:assert\/strict';/;
const SAYS_DOES_NOT_THROW = /\bdoes not throw\b/i;

const text = (parts: Comment['summary']): string => Comment.combineDisplayParts(parts).trim();

function hasSummary(comment: Comment | undefined): boolean {
  return comment !== undefined && text(comment.summary) !== '';
}

function tags(comment: Comment | undefined, name: `@${string}`): CommentTag[] {
  return comment?.blockTags.filter((t) => t.tag === name) ?? [];
}

/** What is wrong with the `@example` tags of a comment (none: at least one, each runnable). */
function exampleGaps(comment: Comment | undefined): string[] {
  const examples = tags(comment, '@example');
  if (examples.length === 0) return ['no @example'];
  return examples.flatMap((tag, i) => {
    const where = examples.length === 1 ? '@example' : `@example ${i + 1}`;
    const body = RUNNABLE_BLOCK.exec(text(tag.content))?.[1];
    if (body === undefined) return [`${where} holds no \`\`\`ts runnable block`];
    const gaps: string[] = [];
    if (!IMPORTS_PACKAGE.test(body))
      gaps.push(`${where} does not import from budgetnorm, budgetnorm/node, budgetnorm/http or budgetnorm/worker`);
    if (!IMPORTS_ASSERT.test(body) || !/\bassert\.\w+\(/.test(body))
      gaps.push(`${where} does not assert with node:assert/strict`);
    return gaps;
  });
}

function returnsNothing(signature: SignatureReflection): boolean {
  const returned = signature.type?.toString();
  return returned === 'void' || returned === 'Promise<void>' || returned === 'never';
}

/** The rules for one call signature (function, method or constructor). */
function signatureGaps(signature: SignatureReflection, kind: 'function' | 'method' | 'constructor'): string[] {
  const comment = signature.comment;
  const gaps: string[] = [];
  if (!hasSummary(comment)) gaps.push('no summary');
  for (const parameter of signature.parameters ?? []) {
    if (!hasSummary(parameter.comment)) gaps.push(`no @param ${parameter.name}`);
  }
  if (kind !== 'constructor' && !returnsNothing(signature) && tags(comment, '@returns').length === 0)
    gaps.push('no @returns');
  const saysNoThrow = comment !== undefined && SAYS_DOES_NOT_THROW.test(text(comment.summary));
  if (tags(comment, '@throws').length === 0 && !saysNoThrow)
    gaps.push('neither @throws nor "Does not throw" in the summary');
  if (kind !== 'constructor') gaps.push(...exampleGaps(comment));
  return gaps;
}

/** Own, public members of a class or an interface (not those inherited from outside). */
function ownMembers(reflection: DeclarationReflection): DeclarationReflection[] {
  return (reflection.children ?? []).filter((m) => m.inheritedFrom === undefined && !m.flags.isPrivate);
}

/** Every gap of one export and its members, each as `<module>.<name>[.<member>]: <what is missing>`. */
function exportGaps(moduleName: string, exported: DeclarationReflection): string[] {
  const name = `${moduleName}.${exported.name}`;
  const gaps: string[] = [];
  const add = (where: string, what: readonly string[]) => {
    for (const w of what) gaps.push(`${where}: ${w}`);
  };
  if (exported.kindOf(ReflectionKind.Function)) {
    for (const signature of exported.signatures ?? []) add(name, signatureGaps(signature, 'function'));
    if ((exported.signatures ?? []).length === 0) add(name, ['no call signature']);
    return gaps;
  }
  const own: string[] = [];
  if (!hasSummary(exported.comment)) own.push('no summary');
  own.push(...exampleGaps(exported.comment));
  add(name, own);
  if (exported.kindOf(ReflectionKind.Class) || exported.kindOf(ReflectionKind.Interface)) {
    for (const member of ownMembers(exported)) {
      const where = `${name}.${member.name}`;
      if (member.kindOf(ReflectionKind.Constructor)) {
        for (const signature of member.signatures ?? []) add(where, signatureGaps(signature, 'constructor'));
      } else if (member.kindOf(ReflectionKind.Method)) {
        for (const signature of member.signatures ?? []) add(where, signatureGaps(signature, 'method'));
      } else if (member.kindOf(ReflectionKind.Accessor)) {
        if (!hasSummary(member.getSignature?.comment ?? member.comment)) add(where, ['no summary']);
      } else if (!hasSummary(member.comment)) {
        add(where, ['no summary']);
      }
    }
  }
  return gaps;
}

/** The public modules of a project (one per entry point) with their exports. */
export function publicExports(project: ProjectReflection): Map<string, DeclarationReflection[]> {
  const modules = project.getChildrenByKind(ReflectionKind.Module);
  return new Map(modules.map((m) => [m.name, m.children ?? []]));
}

/** Every documentation gap of the public exports, sorted; empty when the house rules are met. */
export function documentationGaps(project: ProjectReflection): string[] {
  const gaps: string[] = [];
  for (const [moduleName, exports] of publicExports(project)) {
    for (const exported of exports) gaps.push(...exportGaps(moduleName, exported));
  }
  return gaps.sort();
}

/** How many `@example` tags the public exports and their members carry. */
export function exampleCount(project: ProjectReflection): number {
  let count = 0;
  const visit = (comment: Comment | undefined) => {
    count += tags(comment, '@example').length;
  };
  for (const exports of publicExports(project).values()) {
    for (const exported of exports) {
      visit(exported.comment);
      for (const signature of exported.signatures ?? []) visit(signature.comment);
      for (const member of exported.children ?? []) {
        if (member.inheritedFrom !== undefined) continue;
        visit(member.comment);
        for (const signature of member.signatures ?? []) visit(signature.comment);
        visit(member.getSignature?.comment);
      }
    }
  }
  return count;
}
