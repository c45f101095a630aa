#!/usr/bin/env node
// The house rules of issue 26, checked on the packages' sources (packages/*/src, TypeScript):
//   - no function body over 150 lines, no source file over 700 lines;
//   - no folder over 15 source files (a folder of one file per language is exempt);
//   - no import circle among the sources (type-only imports count: they tie the files as much);
//   - nothing in the engine below region/ imports region/ (only region/, cli/ and the entry points do);
//   - the packages import each other through their entry points only (no '@quartier/x/dist/...'), and
//     bench/ and tools/ scripts never reach into a package's dist/ folder.
// Usage: node tools/structure-check.js [--json]   (packages/server/test/structure.test.ts runs it in the suite)   Exit 1 and one line per breach when a rule is broken.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';

export const LIMITS = {functionLines: 150, fileLines: 700, folderFiles: 15};
/** Folders of one file per language: as many files as the languages served. */
const PER_LANGUAGE_FOLDERS = ['packages/engine/src/text/narrative/lang'];
const ENGINE_ROOF = ['region/', 'cli/', 'index.ts', 'internal.ts'];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir) {
    const out = [];
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) out.push(...sourceFiles(full));
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
    }
    return out;
}

function lineOf(source, pos) {
    return source.getLineAndCharacterOfPosition(pos).line;
}

/** Every function-like body in a file: name, first line and its length in lines. */
function functionBodies(file, text) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const bodies = [];
    const visit = (node) => {
        if (ts.isFunctionLike(node) && node.body && ts.isBlock(node.body)) {
            const first = lineOf(source, node.body.getStart(source));
            const last = lineOf(source, node.body.getEnd());
            const name = node.name ? node.name.getText(source) : ts.isConstructorDeclaration(node) ? 'constructor' : '(anonymous)';
            bodies.push({name, line: first + 1, lines: last - first + 1});
        }
        ts.forEachChild(node, visit);
    };
    visit(source);
    return {source, bodies};
}

/** Relative import and export specifiers of a file, resolved to source files. */
function relativeImports(file, source) {
    const out = [];
    const add = (spec) => {
        if (!spec.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'));
        if (fs.existsSync(target)) out.push(target);
        else if (fs.existsSync(path.join(target.replace(/\.ts$/, ''), 'index.ts'))) out.push(path.join(target.replace(/\.ts$/, ''), 'index.ts'));
    };
    for (const st of source.statements) {
        if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) add(st.moduleSpecifier.text);
    }
    return out;
}

function packageSpecifiers(source) {
    const out = [];
    const visit = (node) => {
        if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
        else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) out.push(node.arguments[0].text);
        ts.forEachChild(node, visit);
    };
    visit(source);
    return out;
}

/** Strongly connected components of more than one file (Tarjan, iterative enough for these sizes). */
function circles(graph) {
    let index = 0;
    const idx = new Map(), low = new Map(), onStack = new Set(), stack = [], out = [];
    const strong = (v) => {
        idx.set(v, index); low.set(v, index); index++;
        stack.push(v); onStack.add(v);
        for (const w of graph.get(v) ?? []) {
            if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
            else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
        }
        if (low.get(v) === idx.get(v)) {
            const component = [];
            let w;
            do { w = stack.pop(); onStack.delete(w); component.push(w); } while (w !== v);
            if (component.length > 1) out.push(component);
        }
    };
    for (const v of graph.keys()) if (!idx.has(v)) strong(v);
    return out;
}

/** The breaches of the rules in the tree at `root` (the repository by default), one line each. */
export function checkStructure(root = repoRoot) {
    const breaches = [];
    const rel = (f) => path.relative(root, f);
    const graph = new Map();
    const folders = new Map();
    for (const pkg of fs.readdirSync(path.join(root, 'packages'))) {
        const src = path.join(root, 'packages', pkg, 'src');
        if (!fs.existsSync(src)) continue;
        for (const file of sourceFiles(src)) {
            const text = fs.readFileSync(file, 'utf8');
            const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
            if (lines > LIMITS.fileLines) breaches.push(`file ${rel(file)}: ${lines} lines (limit ${LIMITS.fileLines})`);
            const {source, bodies} = functionBodies(file, text);
            for (const b of bodies) {
                if (b.lines > LIMITS.functionLines) breaches.push(`function ${rel(file)}:${b.line} ${b.name}: ${b.lines} lines (limit ${LIMITS.functionLines})`);
            }
            graph.set(file, relativeImports(file, source));
            const folder = path.dirname(file);
            folders.set(folder, (folders.get(folder) ?? 0) + 1);
            for (const spec of packageSpecifiers(source)) {
                if (/^@quartier\/[a-z]+\/(dist|src)\//.test(spec)) breaches.push(`deep import ${rel(file)}: '${spec}' (use the package's entry point)`);
            }
            if (pkg === 'engine') {
                const inEngine = path.relative(src, file).split(path.sep).join('/');
                if (!ENGINE_ROOF.some((top) => inEngine === top || inEngine.startsWith(top))) {
                    for (const target of graph.get(file)) {
                        const t = path.relative(src, target).split(path.sep).join('/');
                        if (t.startsWith('region/')) breaches.push(`below the roof ${rel(file)} imports ${rel(target)} (only region/, cli/ and the entry points may)`);
                    }
                }
            }
        }
    }
    for (const [folder, count] of folders) {
        if (count > LIMITS.folderFiles && !PER_LANGUAGE_FOLDERS.includes(rel(folder))) breaches.push(`folder ${rel(folder)}: ${count} source files (limit ${LIMITS.folderFiles})`);
    }
    for (const component of circles(graph)) breaches.push(`import circle: ${component.map(rel).sort().join(' ↔ ')}`);
    for (const dir of ['bench', 'bench/lib', 'tools']) {
        const full = path.join(root, dir);
        if (!fs.existsSync(full)) continue;
        for (const name of fs.readdirSync(full)) {
            if (!name.endsWith('.js') || name === 'structure-check.js') continue; // this file names the patterns it looks for
            const text = fs.readFileSync(path.join(full, name), 'utf8');
            if (/['"`][^'"`]*packages\/[a-z]+\/dist\/src\//.test(text) || /@quartier\/[a-z]+\/dist\//.test(text)) {
                breaches.push(`deep dist path ${dir}/${name} (import the package's entry point, or resolve its bin from package.json)`);
            }
        }
    }
    return breaches;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const breaches = checkStructure();
    if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(breaches, null, 2) + '\n');
    else for (const b of breaches) process.stdout.write(b + '\n');
    process.stderr.write(breaches.length === 0 ? 'structure: every rule holds\n' : `structure: ${breaches.length} breaches\n`);
    process.exitCode = breaches.length === 0 ? 0 : 1;
}
