// Generates the Python client's low-level layer (clients/python/chatbot_platform/_generated) from
// the committed OpenAPI document (clients/openapi.json) with openapi-python-client, whose version and
// dependencies are pinned in clients/python/generator-requirements.txt (ruff formats the output, so
// its version decides bytes too). The generator is installed once from PyPI into a venv in the
// cache, named by the hash of that file, as test/api-fuzz/run-schemathesis.ts installs schemathesis.
//
// One step before the generator (`forGenerator`): the document's shape-less constraints are left
// out of the copy it reads. A schema with `properties` may add rules that only say which of them
// are required together (CreateLead: `anyOf: [{required: [email]}, {required: [phone]}]`;
// SendMessage: `if`/`then`/`else`); openapi-python-client reads such an `anyOf` as a union of
// empty schemas and types the whole body `Any`. The server still enforces those rules (a 400
// `validation_failed` the client raises as BadRequestError); the generated models keep the shape.
//
// It generates into a temporary directory and copies the result in, replacing the folder: a file
// the generator no longer writes goes. `generatedPythonClient()` returns the files without writing
// them, so test/clients/python-generated.test.ts can compare them with what is committed.
//
// `npx tsx bin/build/python-client.ts` writes the files.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PYTHON_CLIENT_DIR = path.join(root, 'clients/python');
/** Where the generated package goes, relative to the repository. */
export const GENERATED_DIR = 'clients/python/chatbot_platform/_generated';
const REQUIREMENTS = path.join(PYTHON_CLIENT_DIR, 'generator-requirements.txt');
const CONFIG = path.join(PYTHON_CLIENT_DIR, 'generator-config.yaml');
const DOCUMENT = path.join(root, 'clients/openapi.json');

function cacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'chatbot-platform');
}

/**
 * A venv with `requirements` installed from PyPI, made once: its name carries the hash of the
 * requirements, so changing a pin makes a new one. A failed install leaves nothing behind.
 */
export function ensureVenv(name: string, requirements: string): string {
  const hash = createHash('sha256').update(readFileSync(requirements)).digest('hex').slice(0, 12);
  const venv = path.join(cacheDir(), `${name}-${hash}`);
  const done = path.join(venv, '.installed');
  if (existsSync(done)) return venv;
  process.stderr.write(`Installing ${path.relative(root, requirements)} into ${venv} (once, from PyPI)…\n`);
  rmSync(venv, { recursive: true, force: true });
  mkdirSync(path.dirname(venv), { recursive: true });
  try {
    execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
    execFileSync(path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '-r', requirements], { stdio: 'inherit' });
    writeFileSync(done, '');
  } catch (error) {
    rmSync(venv, { recursive: true, force: true }); // no half-installed venv for the next run to trust
    throw new Error(`Installing ${path.basename(requirements)} failed (python3 with venv and PyPI are needed): ${(error as Error).message}`);
  }
  return venv;
}

function filesUnder(directory: string, base = directory): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    // ruff's cache holds run-specific names: not part of the package.
    if (name === '.ruff_cache' || name === '__pycache__') return [];
    if (statSync(file).isDirectory()) return filesUnder(file, base);
    return [path.relative(base, file)];
  });
}

const COMBINATORS = ['anyOf', 'oneOf', 'allOf'] as const;
const SHAPE_KEYWORDS = ['type', 'properties', 'items', '$ref', 'enum', 'const', 'additionalProperties'];

/** A subschema that only constrains which properties appear: no type, properties or reference of its own. */
function constraintOnly(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return false;
  const record = schema as Record<string, unknown>;
  if (SHAPE_KEYWORDS.some((keyword) => keyword in record)) return false;
  return COMBINATORS.every((name) => !(name in record) || (record[name] as unknown[]).every(constraintOnly));
}

/** The document as the generator reads it: see the header. */
export function forGenerator(document: unknown): unknown {
  if (Array.isArray(document)) return document.map(forGenerator);
  if (!document || typeof document !== 'object') return document;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) copy[key] = forGenerator(value);
  if (copy.type === 'object' && copy.properties && typeof copy.properties === 'object') {
    for (const name of COMBINATORS) if (Array.isArray(copy[name]) && (copy[name] as unknown[]).every(constraintOnly)) delete copy[name];
    if ('if' in copy && constraintOnly(copy.if) && constraintOnly(copy.then ?? {}) && constraintOnly(copy.else ?? {})) {
      delete copy.if;
      delete copy.then;
      delete copy.else;
    }
  }
  return copy;
}

/** The generated files, by path relative to the repository (`clients/python/…`) → text. */
export function generatedPythonClient(): Map<string, string> {
  const venv = ensureVenv('python-client-generator', REQUIREMENTS);
  const work = mkdtempSync(path.join(tmpdir(), 'cbp-python-client-'));
  try {
    const output = path.join(work, 'out');
    const document = path.join(work, 'openapi.json');
    writeFileSync(document, JSON.stringify(forGenerator(JSON.parse(readFileSync(DOCUMENT, 'utf8')))));
    execFileSync(
      path.join(venv, 'bin', 'openapi-python-client'),
      ['generate', '--path', document, '--meta', 'none', '--config', CONFIG, '--output-path', output],
      // ruff, which the generator runs on its output, is found on PATH: the venv's own.
      { cwd: work, env: { ...process.env, PATH: `${path.join(venv, 'bin')}:${process.env.PATH ?? ''}` }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const files = new Map<string, string>();
    for (const file of filesUnder(output).sort()) files.set(path.posix.join(GENERATED_DIR, file.split(path.sep).join('/')), readFileSync(path.join(output, file), 'utf8'));
    if (files.size === 0) throw new Error('openapi-python-client wrote no files');
    return files;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The committed generated files, in the same shape. */
export function committedPythonClient(): Map<string, string> {
  const directory = path.join(root, GENERATED_DIR);
  const files = new Map<string, string>();
  if (!existsSync(directory)) return files;
  for (const file of filesUnder(directory).sort()) files.set(path.posix.join(GENERATED_DIR, file.split(path.sep).join('/')), readFileSync(path.join(directory, file), 'utf8'));
  return files;
}

function main(): void {
  const files = generatedPythonClient();
  rmSync(path.join(root, GENERATED_DIR), { recursive: true, force: true });
  for (const [file, text] of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  process.stdout.write(`Wrote ${files.size} files into ${GENERATED_DIR}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
