'use strict';
// Tests extension.js and client.js without VS Code: a stub `vscode` module (vscode_stub.js), a
// fake server (fake_server.js), and the real `mediate lsp` when the binary has it.
//
//   node Editors/vscode/test/extension_test.js [MEDIATE]
//
// MEDIATE (or $MEDIATE, else `mediate` on PATH) is the real binary. If it has no `lsp`
// subcommand the real-server part is skipped with a printed SKIP; if it cannot be run at all, the
// test fails (make test passes the binary it builds).

const assert = require('assert');
const Module = require('module');
const path = require('path');
const fs = require('fs');
const os = require('os');
const { spawnSync } = require('child_process');

const vscode = require('./vscode_stub');
const originalLoad = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? vscode : originalLoad.call(this, request, ...rest);
};
const extension = require('../extension');
const { MessageReader, encode } = require('../client');
const { state, textDocument } = vscode.stub;

const FAKE = path.join(__dirname, 'fake_server.js');
const ROOT = path.resolve(__dirname, '../../..');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, condition, timeoutMs = 10000) {
  const start = Date.now();
  for (;;) {
    const value = condition();
    if (value) return value;
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out waiting for ${what}\n--- output:\n${state.output.join('\n')}`);
    }
    await sleep(20);
  }
}

function freshState(mediatePath) {
  Object.assign(state, { output: [], collections: [], providers: {}, commands: {}, messages: [], panels: [], textDocuments: [] });
  state.configuration.path = mediatePath;
}

const never = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
const provider = (kind) => state.providers[kind].provider;

// MARK: Framing

function testFraming() {
  const messages = [
    { jsonrpc: '2.0', id: 1, result: { text: 'Grüße “quotes” 😄' } },
    { jsonrpc: '2.0', method: 'n', params: { a: [1, 2] } },
  ];
  const bytes = Buffer.concat(messages.map(encode));
  // Cut the stream at every byte, and at every pair of bytes: the same messages come out.
  for (let cut = 0; cut <= bytes.length; cut++) {
    const got = [];
    const reader = new MessageReader((m) => got.push(m), (e) => assert.fail(e));
    reader.push(bytes.subarray(0, cut));
    reader.push(bytes.subarray(cut));
    assert.deepStrictEqual(got, messages, `cut at ${cut}`);
  }
  const got = [];
  const reader = new MessageReader((m) => got.push(m), (e) => got.push(`error: ${e.split(':')[0]}`));
  for (const byte of bytes) reader.push(Buffer.from([byte]));
  assert.deepStrictEqual(got, messages, 'one byte at a time');
  got.length = 0;
  reader.push(Buffer.from('X-Header: 1\r\n\r\nContent-Length: 3\r\nContent-Type: x\r\n\r\n{x}'));
  reader.push(encode({ ok: true }));
  assert.deepStrictEqual(got, ['error: a header without Content-Length', 'error: a body that is not JSON', { ok: true }]);
  console.log('ok framing: every cut of the stream, one byte at a time, bad headers and bodies');
}

// MARK: The extension against the fake server

async function testFakeServer() {
  freshState(FAKE);
  const file = path.join(os.tmpdir(), `mediate-extension-test-${process.pid}.scenario`);
  fs.writeFileSync(file, 'participant Alice\nbad line\n');
  const doc = textDocument(file, 'participant Alice\nbad line\n');
  const uri = doc.uri.toString();
  state.textDocuments.push(doc, textDocument('/tmp/other.txt', 'bad', 'plaintext'));
  const context = { subscriptions: [] };
  const { client, previews } = extension.activate(context);

  // Open at activation: the server learns the document and publishes diagnostics.
  const collection = state.collections[0];
  const first = await waitFor('diagnostics', () => collection.get(doc.uri));
  assert.strictEqual(first.length, 1);
  assert.ok(first[0].range instanceof vscode.Range && first[0].range.start instanceof vscode.Position);
  assert.deepStrictEqual([first[0].range.start.line, first[0].range.start.character, first[0].range.end.character], [1, 0, 3]);
  assert.strictEqual(first[0].severity, vscode.DiagnosticSeverity.Error);
  assert.strictEqual(first[0].message, "'bad' on line 2");
  assert.strictEqual(first[0].relatedInformation[0].message, 'help: the first line');
  assert.ok(first[0].relatedInformation[0].location instanceof vscode.Location);
  assert.strictEqual(collection.entries.size, 1, 'only scenario documents are sent');
  await waitFor("the answer to the server's request", () => state.output.some((l) => l.includes('client answered config-1: null')));
  assert.ok(state.output.includes('fake server: started'), 'the server stderr goes to the output channel');

  // Incremental changes: the server's text is the document's.
  doc.text = 'participant Alice\nwarn bad line\n';
  doc.version = 2;
  state.events.change.fire({
    document: doc,
    contentChanges: [{ range: new vscode.Range(new vscode.Position(1, 0), new vscode.Position(1, 0)), rangeLength: 0, text: 'warn ' }],
  });
  await waitFor('the changed text', () => state.output.some((l) => l.endsWith(`(incremental): ${JSON.stringify(doc.text)}`)));
  const second = await waitFor('new diagnostics', () => (collection.get(doc.uri).length === 2 ? collection.get(doc.uri) : null));
  assert.deepStrictEqual(second.map((d) => d.severity), [vscode.DiagnosticSeverity.Error, vscode.DiagnosticSeverity.Warning]);
  assert.strictEqual(second[0].range.start.character, 5);

  // Providers.
  const at = new vscode.Position(0, 13);
  const completion = await provider('completion').provideCompletionItems(doc, at, never);
  assert.ok(completion instanceof vscode.CompletionList);
  assert.deepStrictEqual(completion.items.map((i) => [i.label, i.kind, i.detail]), [['Alice', 5, 'participant'], ['participant', 13, undefined]]);
  assert.deepStrictEqual(state.providers.completion.rest, ['.', ':', '>']);
  const hover = await provider('hover').provideHover(doc, at, never);
  assert.strictEqual(hover.contents.value, '**Alice** : Person — “hi” 😄');
  assert.deepStrictEqual([hover.range.start.line, hover.range.end.character], [0, 5]);
  const definition = await provider('definition').provideDefinition(doc, at, never);
  assert.strictEqual(definition.length, 1);
  assert.ok(definition[0] instanceof vscode.Location);
  assert.strictEqual(definition[0].uri.toString(), uri);
  assert.deepStrictEqual([definition[0].range.start.character, definition[0].range.end.character], [12, 17]);
  assert.strictEqual((await provider('references').provideReferences(doc, at, { includeDeclaration: true }, never)).length, 2);
  assert.strictEqual((await provider('references').provideReferences(doc, at, { includeDeclaration: false }, never)).length, 1);
  const edits = await provider('formatting').provideDocumentFormattingEdits(doc, { tabSize: 4, insertSpaces: true }, never);
  assert.strictEqual(edits.length, 1);
  assert.ok(edits[0] instanceof vscode.TextEdit);
  assert.strictEqual(edits[0].newText, 'participant Alice\nwarn bad line\n');
  assert.deepStrictEqual([edits[0].range.end.line, edits[0].range.end.character], [2, 0]);
  const symbols = await provider('symbols').provideDocumentSymbols(doc, never);
  assert.ok(symbols[0] instanceof vscode.DocumentSymbol);
  assert.deepStrictEqual([symbols[0].name, symbols[0].kind, symbols[0].children[0].name, symbols[0].children[0].kind], ['Alice', 12, 'on Alice receives hi', 11]);
  // What VS Code would refuse (an empty name, a selection outside the range) is mended.
  assert.deepStrictEqual([symbols[1].name, symbols[1].selectionRange.start.line], ['?', 2]);

  // A formatting request the server refuses: nothing to apply, and a word in the status bar.
  doc.text = 'ERR\n';
  state.events.change.fire({ document: doc, contentChanges: [{ range: new vscode.Range(new vscode.Position(0, 0), new vscode.Position(2, 0)), rangeLength: 31, text: 'ERR\n' }] });
  assert.strictEqual(await provider('formatting').provideDocumentFormattingEdits(doc, { tabSize: 4, insertSpaces: true }, never), undefined);
  assert.ok(state.messages.some(([kind, text]) => kind === 'status' && text.includes('is not formatted')));
  console.log('ok fake server: diagnostics, incremental sync, completion, hover, definition, references, formatting, symbols');

  // A crash: the server is started again and learns the open documents again; a server that
  // keeps crashing is given up after a few restarts.
  doc.text = 'CRASH\n';
  state.events.change.fire({ document: doc, contentChanges: [{ range: new vscode.Range(new vscode.Position(0, 0), new vscode.Position(1, 0)), rangeLength: 4, text: 'CRASH\n' }] });
  await waitFor('giving up', () => state.messages.some(([kind]) => kind === 'error'));
  const restarts = state.output.filter((l) => l.includes('starting it again')).length;
  assert.strictEqual(restarts, 4, `restarted ${restarts} times`);
  assert.strictEqual(state.output.filter((l) => l === 'fake server: crashing on purpose').length, 5);
  assert.ok(state.messages.find(([kind]) => kind === 'error')[1].includes('is not started again'));
  assert.ok(await provider('hover').provideHover(doc, at, never) === undefined, 'no server, no hover');
  doc.text = 'bad\n';
  await state.commands['mediate.restartServer']();
  await waitFor('diagnostics after the restart', () => (collection.get(doc.uri) || []).some((d) => d.message === "'bad' on line 1"));
  console.log('ok restarts: 4 restarts after a crash, then an error message; the restart command brings it back');

  // Close: the server forgets the document, and its diagnostics go.
  state.events.close.fire(doc);
  assert.strictEqual(collection.get(doc.uri), undefined);

  // The preview: the page in a webview, with scripts enabled, a CSP and a nonce on its script.
  vscode.window.activeTextEditor = { document: doc };
  const panel = await state.commands['mediate.preview']();
  assert.strictEqual(panel.options.enableScripts, true);
  const html = panel.webview.html;
  const nonce = /script-src 'nonce-([^']+)'/.exec(html)[1];
  assert.ok(html.includes(`<p>${file}</p>`));
  assert.ok(html.includes(`<script nonce="${nonce}">document.title = "played";</script>`));
  assert.ok(html.includes('<script type="application/json" id="s0-data">'));
  assert.ok(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src [^;]+; style-src 'unsafe-inline'; script-src 'nonce-/.test(html));
  assert.strictEqual((html.match(/<script>/g) || []).length, 0, 'every script has the nonce');
  // Saving renders it again, with a new nonce.
  await Promise.all(state.events.save.fire(doc));
  assert.notStrictEqual(/nonce-([^']+)/.exec(panel.webview.html)[1], nonce);
  assert.strictEqual(previews.size, 1);
  panel.dispose();
  assert.strictEqual(previews.size, 0);
  console.log('ok preview: the report page in a webview with a CSP and nonces, rendered again on save');

  // Deactivation: shutdown, then exit.
  await extension.deactivate();
  context.subscriptions.forEach((d) => d.dispose());
  await waitFor('exit after shutdown', () => state.output.includes('fake server: exit after shutdown'));
  assert.strictEqual(client.process, null);
  console.log('ok deactivate: shutdown and exit');
  fs.unlinkSync(file);
}

// MARK: A mediate without the subcommand, or not there

async function testMissing() {
  freshState(path.join(os.tmpdir(), 'no-such-mediate'));
  const context = { subscriptions: [] };
  extension.activate(context);
  await waitFor('not found', () => state.messages.some(([kind, text]) => kind === 'error' && text.includes('was not found')));
  await extension.deactivate();
  context.subscriptions.forEach((d) => d.dispose());
  console.log('ok a missing mediate: an error that names mediate.path');
}

// MARK: The real mediate lsp

function realBinary() {
  const candidate = process.argv[2] || process.env.MEDIATE || 'mediate';
  const probe = spawnSync(candidate, ['lsp'], { input: '', encoding: 'utf8', timeout: 20000 });
  if (probe.error) throw new Error(`cannot run ${candidate}: ${probe.error.message}`);
  if (probe.status === 64 && /Unexpected argument 'lsp'/.test(probe.stderr)) {
    console.log(`SKIP the real language server: ${candidate} has no 'lsp' subcommand (the server is not on this branch yet)`);
    return null;
  }
  return candidate;
}

async function testRealServer(binary) {
  freshState(binary);
  const file = path.join(os.tmpdir(), `mediate-real-${process.pid}.scenario`);
  const text = 'participant Alice : Person\nparticipant Bob\nAlice -> Bob: hi\nAlcie -> Bob: hi\n';
  fs.writeFileSync(file, text);
  const doc = textDocument(file, text);
  state.textDocuments.push(doc);
  extension.activate({ subscriptions: [] });
  const collection = state.collections[0];
  const diagnostics = await waitFor('diagnostics from mediate lsp', () => collection.get(doc.uri));
  assert.ok(diagnostics.some((d) => d.message.includes("unknown participant 'Alcie'") && d.range.start.line === 3 && d.severity === 0), JSON.stringify(diagnostics));

  // Fix the misspelling with an incremental change; the diagnostics go.
  doc.text = text.replace('Alcie', 'Alice');
  doc.version = 2;
  state.events.change.fire({
    document: doc,
    contentChanges: [{ range: new vscode.Range(new vscode.Position(3, 2), new vscode.Position(3, 4)), rangeLength: 2, text: 'ic' }],
  });
  await waitFor('no diagnostics', () => collection.get(doc.uri).length === 0);

  const onAlice = new vscode.Position(2, 2);
  const completion = await provider('completion').provideCompletionItems(doc, new vscode.Position(3, 0), never);
  assert.ok(completion.items.some((i) => i.label === 'Alice'), 'completion offers Alice');
  const hover = await provider('hover').provideHover(doc, onAlice, never);
  assert.ok(hover && hover.contents.value.includes('Person'), 'hover shows the type');
  const definition = await provider('definition').provideDefinition(doc, onAlice, never);
  assert.strictEqual(definition[0].range.start.line, 0, 'definition on the declaration');
  const references = await provider('references').provideReferences(doc, onAlice, { includeDeclaration: true }, never);
  assert.ok(references.length >= 3, `references: ${references.length}`);
  const symbols = await provider('symbols').provideDocumentSymbols(doc, never);
  assert.ok(symbols.some((s) => s.name.includes('Alice')), 'a symbol for Alice');
  doc.text = 'participant   Alice\n';
  state.events.change.fire({ document: doc, contentChanges: [{ range: new vscode.Range(new vscode.Position(0, 0), new vscode.Position(4, 0)), rangeLength: text.length, text: doc.text }] });
  const edits = await provider('formatting').provideDocumentFormattingEdits(doc, { tabSize: 4, insertSpaces: true }, never);
  assert.strictEqual(edits[0].newText, 'participant Alice\n');

  // The preview with the real report page: every script carries the nonce.
  fs.writeFileSync(file, 'participant Alice\nparticipant Bob\nAlice -> Bob: hi\n');
  vscode.window.activeTextEditor = { document: doc };
  const panel = await state.commands['mediate.preview']();
  const html = panel.webview.html;
  assert.ok(html.includes('class="player"'), 'the report page has its player');
  assert.strictEqual((html.match(/<script>/g) || []).length, 0);
  assert.ok((html.match(/<script nonce=/g) || []).length >= 2);
  await extension.deactivate();
  fs.unlinkSync(file);
  console.log(`ok the real language server (${binary}): diagnostics, sync, completion, hover, definition, references, symbols, formatting, preview`);
}

// A workspace's settings must not choose the program the extension spawns: mediate.path
// is machine-scoped (user settings only) and restricted in an untrusted workspace.
function testManifest() {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
  const setting = manifest.contributes.configuration.properties['mediate.path'];
  assert.strictEqual(setting.scope, 'machine', 'mediate.path is machine-scoped');
  const untrusted = manifest.capabilities && manifest.capabilities.untrustedWorkspaces;
  assert.ok(untrusted && untrusted.restrictedConfigurations.includes('mediate.path'), 'mediate.path is restricted');
  console.log('ok the manifest: mediate.path is machine-scoped and restricted');
}

(async () => {
  testManifest();
  testFraming();
  await testFakeServer();
  await testMissing();
  const binary = realBinary();
  if (binary) await testRealServer(binary);
  console.log('extension: ok');
  process.exit(0);
})().catch((error) => {
  console.error('FAIL', error.stack || error);
  process.exit(1);
});
